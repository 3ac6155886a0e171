import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, createApiClient } from '../testing/api-client.js';
import { connectMcpClient, MCP_INITIALIZE_REQUEST } from '../testing/mcp-client.js';
import { startTwoOrganizations, type TwoOrganizations } from '../testing/two-organizations.js';

let setup: TwoOrganizations;
let aliceKey: string;
/** The API, with the key of the organization whose agent the tests query. */
let call: (method: string, path: string, body?: unknown) => Promise<ApiCall>;
let agentId: string;
let bobAgentId: string;
const clients: Client[] = [];

const DOCUMENTS = [
  {
    name: 'install.md',
    text: [
      '# Install',
      'Install widgetctl, the command line of Widgets, with npm.',
      '## Linux {#linux}',
      'Run `npm install -g widgetctl` as root on Linux.',
      '### Permissions',
      'Give the widgetctl binary the execute permission with chmod.',
      '## macOS',
      'Use Homebrew: `brew install widgetctl`.',
    ].join('\n\n'),
    metadata: { source_url: 'https://docs.example/guide/install' },
  },
  {
    name: 'configuration.md',
    text: '# Configuration\n\n## Timeout\n\nThe timeout option sets how long widgetctl waits for the server, in seconds; 30 by default.',
    metadata: { source_url: 'https://docs.example/guide/configuration' },
  },
  { name: 'pricing.txt', text: 'Widgetctl is free for open source projects.' },
];

const mcpUrl = (id = agentId) => `${setup.service.url}/api/agents/${id}/mcp`;

async function connect(options: Parameters<typeof connectMcpClient>[1] = {}): Promise<Client> {
  const client = await connectMcpClient(mcpUrl(), { apiKey: aliceKey, ...options });
  clients.push(client);
  return client;
}

/** The text of a tool result's first content item. */
function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [first] = result.content as { type: string; text: string }[];
  return first?.text ?? '';
}

/** A raw JSON-RPC POST, for what the SDK's client never sends. */
function post(body: string, headers: Record<string, string> = {}, key = aliceKey) {
  return fetch(mcpUrl(), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
}

const INITIALIZE = JSON.stringify(MCP_INITIALIZE_REQUEST);

beforeAll(async () => {
  setup = await startTwoOrganizations();
  const { bob, service } = setup;
  aliceKey = (await service.createOrganization('Alice MCP')).apiKey;
  call = createApiClient(service.url, aliceKey);
  const datastoreId = (await call('POST', '/api/datastores', { name: 'Widgets docs' })).body.id;
  await call('POST', `/api/datastores/upsert/${datastoreId}`, { documents: DOCUMENTS });
  agentId = (
    await call('POST', '/api/agents', {
      name: 'Widgets',
      description: 'The widgetctl manual',
      datastoreIds: [datastoreId],
    })
  ).body.id;
  bobAgentId = (await bob('POST', '/api/agents', { name: 'Bob’s' })).body.id;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await setup.service.close();
});

describe('POST /api/agents/:id/mcp with the SDK’s own client', () => {
  it('lists the four tools, each with a description and a JSON Schema for its input', async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: 'agent-chat', title: 'Widgets' });
    expect(client.getInstructions()).toContain('search_docs');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'search_docs',
      'get_page',
      'ask_question',
      'send_feedback',
    ]);
    const search = tools[0];
    expect(search?.inputSchema).toMatchObject({
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 10_000 },
        limit: { type: 'integer', minimum: 1, maximum: 20 },
      },
      required: ['query'],
    });
    expect(search?.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools[3]?.annotations).toMatchObject({ readOnlyHint: false });
    for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(80);
  });

  it('search_docs: sections best first with page title, heading path, page#heading URL, excerpt, score', async () => {
    const client = await connect();
    const result = await client.callTool({
      name: 'search_docs',
      arguments: { query: 'execute permission for the widgetctl binary', limit: 3 },
    });
    expect(result.isError).toBeFalsy();
    const { results } = result.structuredContent as {
      results: { title: string; headings: string[]; url: string; excerpt: string; score: number }[];
    };
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results[0]).toEqual({
      title: 'Install',
      headings: ['Linux', 'Permissions'],
      url: 'https://docs.example/guide/install#permissions',
      excerpt: 'Give the widgetctl binary the execute permission with chmod.',
      score: expect.any(Number),
    });
    const scores = results.map((found) => found.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(textOf(result)).toContain('## 1. Install › Linux › Permissions');
    expect(textOf(result)).toContain('https://docs.example/guide/install#permissions');
  });

  it('search_docs finds what the datastore query route finds, in the same order', async () => {
    const client = await connect();
    const query = 'how long does widgetctl wait';
    const viaMcp = await client.callTool({ name: 'search_docs', arguments: { query, limit: 5 } });
    const agent = (await call('GET', `/api/agents/${agentId}`)).body;
    const direct = await call('POST', `/api/datastores/${agent.datastoreIds[0]}/query`, {
      query,
      topK: 5,
    });
    const urls = (viaMcp.structuredContent as { results: { url: string }[] }).results.map(
      (found) => found.url,
    );
    expect(urls).toEqual(
      direct.body.results.map(
        (found: { source: string | null; datasource_name: string }) =>
          found.source ?? found.datasource_name,
      ),
    );
  });

  it('search_docs with nothing found answers a short sentence, not an error', async () => {
    const client = await connect();
    const result = await client.callTool({
      name: 'search_docs',
      arguments: { query: 'zyzzyva quokka' },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(
      'Nothing in this documentation matches "zyzzyva quokka". Try other words, or a shorter query.',
    );
    expect(result.structuredContent).toEqual({ results: [] });
  });

  it('get_page on a URL search_docs returned: the whole page, sections in order under their headings', async () => {
    const client = await connect();
    const search = await client.callTool({
      name: 'search_docs',
      arguments: { query: 'Homebrew' },
    });
    const url = (search.structuredContent as { results: { url: string }[] }).results[0]?.url;
    expect(url).toBe('https://docs.example/guide/install#macos');
    const page = await client.callTool({ name: 'get_page', arguments: { url } });
    expect(page.isError).toBeFalsy();
    expect(textOf(page)).toBe(
      [
        '# Install',
        'URL: https://docs.example/guide/install',
        'Install widgetctl, the command line of Widgets, with npm.',
        '## Linux',
        'Run `npm install -g widgetctl` as root on Linux.',
        '### Permissions',
        'Give the widgetctl binary the execute permission with chmod.',
        '## macOS',
        'Use Homebrew: `brew install widgetctl`.',
      ].join('\n\n'),
    );
    const document = await client.callTool({ name: 'get_page', arguments: { url: 'pricing.txt' } });
    expect(textOf(document)).toContain('Widgetctl is free for open source projects.');
  });

  it('get_page on an unknown URL is a tool error naming the closest pages', async () => {
    const client = await connect();
    const result = await client.callTool({
      name: 'get_page',
      arguments: { url: 'https://docs.example/guide/configure' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^No page of this documentation is stored at "https:\/\/docs\.example\/guide\/configure"\. The closest pages are: https:\/\/docs\.example\/guide\/configuration, /,
    );
  });

  it('ask_question: the agent’s cited answer with its sources, stored as a conversation; a decline stays a decline', async () => {
    const client = await connect();
    const result = await client.callTool({
      name: 'ask_question',
      arguments: { question: 'How do I install widgetctl with Homebrew?' },
    });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as {
      answer: string;
      sources: { url: string | null; name: string }[];
      conversationId: string;
    };
    expect(answer.answer).toContain('brew install widgetctl');
    expect(answer.sources[0]?.url).toMatch(/^https:\/\/docs\.example\/guide\/install/);
    expect(textOf(result)).toContain('Sources:\n[1] https://docs.example/guide/install');
    const stored = await call('GET', `/api/conversations/${answer.conversationId}`);
    expect(stored.status).toBe(200);
    expect(stored.body.visitorId).toBe('ai-tool');
    expect(stored.body.messages.map((message: { role: string }) => message.role)).toEqual([
      'user',
      'assistant',
    ]);

    const decline = await client.callTool({
      name: 'ask_question',
      arguments: { question: 'What is the capital of Mongolia?' },
    });
    expect(decline.isError).toBeFalsy();
    expect(decline.structuredContent).toMatchObject({ sources: [] });
    expect(textOf(decline)).toMatch(/I do not know|I don’t know|I don't know/);
  });

  it('send_feedback is a content gap in the insights, marked as from an AI tool, and no visitor question', async () => {
    const before = (await call('GET', `/api/insights?agentId=${agentId}`)).body;
    const client = await connect();
    const result = await client.callTool({
      name: 'send_feedback',
      arguments: {
        url: 'https://docs.example/guide/install',
        question: 'How do I install widgetctl on Windows?',
        comment: 'The install page has no Windows section.',
      },
    });
    expect(result.isError).toBeFalsy();
    const after = (await call('GET', `/api/insights?agentId=${agentId}`)).body;
    expect(after.queries).toBe(before.queries);
    expect(after.answers).toBe(before.answers);
    expect(after.gapCount).toBe(before.gapCount + 1);
    expect(after.gaps[0]).toMatchObject({
      question: 'How do I install widgetctl on Windows?',
      answer: 'Reported by an AI tool about https://docs.example/guide/install.',
      reasons: ['ai-tool'],
      comment: 'The install page has no Windows section.',
    });
  });

  it('answers an event stream to a client that prefers one, and JSON otherwise', async () => {
    const types: string[] = [];
    const streaming = await connect({
      eventStream: true,
      onContentType: (type) => types.push(type),
    });
    const result = await streaming.callTool({
      name: 'search_docs',
      arguments: { query: 'timeout' },
    });
    expect(textOf(result)).toContain('https://docs.example/guide/configuration#timeout');
    expect(types.filter((type) => type.startsWith('text/event-stream')).length).toBeGreaterThan(1);
    const plain: string[] = [];
    const json = await connect({ onContentType: (type) => plain.push(type) });
    await json.callTool({ name: 'search_docs', arguments: { query: 'timeout' } });
    expect(plain.filter((type) => type.startsWith('application/json')).length).toBeGreaterThan(1);
    expect(plain.some((type) => type.startsWith('text/event-stream'))).toBe(false);
  });

  it('an unknown tool is the protocol’s -32602 error; bad arguments are a tool error naming the field', async () => {
    const client = await connect();
    const unknown = client.callTool({ name: 'delete_docs', arguments: {} });
    await expect(unknown).rejects.toBeInstanceOf(McpError);
    await expect(unknown).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        'Unknown tool "delete_docs": this server has search_docs, get_page, ask_question, send_feedback.',
      ),
    });
    const bad = await client.callTool({ name: 'search_docs', arguments: { limit: 99 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^Invalid arguments for search_docs: /);
    expect(textOf(bad)).toContain('query');
    expect(textOf(bad)).toContain('limit');
    const long = await client.callTool({
      name: 'send_feedback',
      arguments: { comment: 'x'.repeat(1_001) },
    });
    expect(long.isError).toBe(true);
    expect(textOf(long)).toContain('comment');
  });

  it('an unknown agent and another organization’s agent are 404; no key is 401', async () => {
    for (const id of ['no-such-agent', bobAgentId]) {
      const failed = connectMcpClient(mcpUrl(id), { apiKey: aliceKey });
      await expect(failed).rejects.toBeInstanceOf(StreamableHTTPError);
      await expect(failed).rejects.toMatchObject({ code: 404 });
    }
    const anonymous = connectMcpClient(mcpUrl(), {});
    await expect(anonymous).rejects.toMatchObject({ code: 401 });
  });

  it('malformed and oversized JSON-RPC and other methods get clear errors, never a 5xx', async () => {
    const malformed = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    const notJsonRpc = await post(JSON.stringify({ hello: 'world' }));
    expect(notJsonRpc.status).toBe(400);
    expect(await notJsonRpc.json()).toMatchObject({ error: { code: expect.any(Number) } });
    const oversized = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { pad: 'x'.repeat(70_000) },
      }),
    );
    expect(oversized.status).toBe(413);
    const noEventStream = await post(INITIALIZE, { accept: 'application/json' });
    expect(noEventStream.status).toBe(406);
    const get = await fetch(mcpUrl(), { headers: { authorization: `Bearer ${aliceKey}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const ok = await post(INITIALIZE);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ok.headers.get('mcp-session-id')).toBeNull();
  });

  it('counts each call against the organization’s usage limit: a used-up quota is a tool error', async () => {
    const { apiKey } = await setup.service.createOrganization('Quota', {
      usageLimit: { queries: 1, periodMs: 3_600_000 },
    });
    const quota = createApiClient(setup.service.url, apiKey);
    const id = (await quota('POST', '/api/agents', { name: 'Quota' })).body.id;
    const client = await connectMcpClient(mcpUrl(id), { apiKey });
    clients.push(client);
    const first = await client.callTool({ name: 'search_docs', arguments: { query: 'anything' } });
    expect(first.isError).toBeFalsy();
    for (const [name, args] of [
      ['search_docs', { query: 'anything' }],
      ['get_page', { url: 'https://docs.example/' }],
      ['ask_question', { question: 'anything?' }],
      ['send_feedback', { comment: 'anything' }],
    ] as const) {
      const limited = await client.callTool({ name, arguments: args });
      expect(limited.isError).toBe(true);
      expect(textOf(limited)).toMatch(/usage limit of this organization/);
    }
  });
});

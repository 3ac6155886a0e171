import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import {
  connectMcpClient,
  createTestDatabase,
  MCP_INITIALIZE_REQUEST,
} from '@agent-chat/agent-service/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import {
  redisServerAvailable,
  startRedisServer,
  type TestRedis,
  untilRedisStoreReady,
} from '../testing/redis-server.js';

let service: RunningAgentService;
let apiKey: string;
let harness: BffHarness;
const harnesses: BffHarness[] = [];
const clients: Client[] = [];

async function bff(options: Parameters<typeof startBff>[0]): Promise<BffHarness> {
  const started = await startBff(options);
  harnesses.push(started);
  return started;
}

async function connect(
  base = harness.url,
  agentId = 'demo',
  options: Parameters<typeof connectMcpClient>[1] = {},
): Promise<Client> {
  const client = await connectMcpClient(`${base}/mcp/${agentId}`, options);
  clients.push(client);
  return client;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [first] = result.content as { type: string; text: string }[];
  return first?.text ?? '';
}

const INITIALIZE = JSON.stringify(MCP_INITIALIZE_REQUEST);

function post(url: string, body: string, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
}

beforeAll(async () => {
  service = await startAgentService({ port: 0, database: await createTestDatabase() });
  ({ apiKey } = await service.seedDemo());
  harness = await bff({
    upstreamUrl: service.url,
    agentApiToken: apiKey,
    allowedAgents: ['demo'],
    allowedOrigins: ['https://docs.example'],
  });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  for (const started of harnesses) await started.close();
  await service?.close();
});

describe('POST /mcp/:agentId through the real BFF to the real service, with the SDK’s client', () => {
  it('lists the tools and calls each, get_page on a URL search_docs returned; the token never shows', async () => {
    const seen: string[] = [];
    const client = await connect(harness.url, 'demo', {
      onContentType: (type) => seen.push(type),
    });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'search_docs',
      'get_page',
      'ask_question',
      'send_feedback',
    ]);
    const search = await client.callTool({
      name: 'search_docs',
      arguments: { query: 'How do I add the widget to my site?', limit: 3 },
    });
    const results = (search.structuredContent as { results: { url: string }[] }).results;
    expect(results.length).toBeGreaterThan(0);
    const page = await client.callTool({ name: 'get_page', arguments: { url: results[0]?.url } });
    expect(page.isError).toBeFalsy();
    expect(textOf(page)).toMatch(/^# .+\n\nURL: /);
    const answer = await client.callTool({
      name: 'ask_question',
      arguments: { question: 'How do I add the widget to my site?' },
    });
    expect(answer.isError).toBeFalsy();
    expect((answer.structuredContent as { sources: unknown[] }).sources.length).toBeGreaterThan(0);
    const feedback = await client.callTool({
      name: 'send_feedback',
      arguments: { comment: 'Nothing about Windows.' },
    });
    expect(feedback.isError).toBeFalsy();
    expect(seen.every((type) => type === '' || type.startsWith('application/json'))).toBe(true);
    expect(harness.logs()).not.toContain(apiKey);
  });

  it('relays the event stream to a client that prefers one', async () => {
    const seen: string[] = [];
    const client = await connect(harness.url, 'demo', {
      eventStream: true,
      onContentType: (type) => seen.push(type),
    });
    const search = await client.callTool({ name: 'search_docs', arguments: { query: 'widget' } });
    expect(textOf(search)).toContain('## 1. ');
    expect(seen.filter((type) => type.startsWith('text/event-stream')).length).toBeGreaterThan(1);
  });

  it('is 404 for an agent not in ALLOWED_AGENTS, with MCP=off, and with the agent’s policy mcp: false', async () => {
    const off = await bff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
      mcp: 'off',
    });
    const policy = await bff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
      agentPolicies: { demo: { mcp: false } },
    });
    for (const [base, agentId] of [
      [harness.url, 'other'],
      [off.url, 'demo'],
      [policy.url, 'demo'],
    ] as const) {
      const failed = connectMcpClient(`${base}/mcp/${agentId}`);
      await expect(failed).rejects.toBeInstanceOf(StreamableHTTPError);
      await expect(failed).rejects.toMatchObject({ code: 404 });
    }
    expect((await fetch(`${off.url}/.well-known/mcp.json`)).status).toBe(404);
  });

  it('keeps a signed-in-only agent’s knowledge from anonymous MCP callers unless its policy says mcp: true', async () => {
    const everyAgent = await bff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
      identityRequired: true,
    });
    const oneAgent = await bff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
      agentPolicies: { demo: { identityRequired: true } },
    });
    const optedIn = await bff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
      identityRequired: true,
      agentPolicies: { demo: { mcp: true } },
    });
    for (const base of [everyAgent.url, oneAgent.url]) {
      expect((await post(`${base}/mcp/demo`, INITIALIZE)).status).toBe(404);
      const listed = (await (await fetch(`${base}/.well-known/mcp.json`)).json()) as {
        servers: unknown[];
      };
      expect(listed.servers).toEqual([]);
    }
    const client = await connect(optedIn.url, 'demo');
    const search = await client.callTool({ name: 'search_docs', arguments: { query: 'widget' } });
    expect(textOf(search)).toContain('## 1. ');
  });

  it('validates Origin against DNS rebinding: a foreign origin is 403; no Origin and allowed origins are served', async () => {
    const url = `${harness.url}/mcp/demo`;
    const foreign = await post(url, INITIALIZE, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await connect(harness.url, 'demo')).getServerVersion()?.name).toBe('agent-chat');
    const allowed = await post(url, INITIALIZE, { origin: 'https://docs.example' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://docs.example');
  });

  it('lets a page of an allowed origin send the MCP headers: the preflight allows MCP-Protocol-Version', async () => {
    const url = `${harness.url}/mcp/demo`;
    // What a browser asks before the SDK client's second request (after initialize).
    const requested = ['content-type', 'mcp-protocol-version'];
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://docs.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': requested.join(','),
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://docs.example');
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining(requested));
    // The request the preflight cleared is served.
    const listed = await post(
      url,
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      {
        origin: 'https://docs.example',
        'mcp-protocol-version': MCP_INITIALIZE_REQUEST.params.protocolVersion,
      },
    );
    expect(listed.status).toBe(200);
    // The query route's preflight is not widened by it.
    const query = await fetch(`${harness.url}/api/agents/demo/query`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://docs.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(query.headers.get('access-control-allow-headers')).not.toMatch(/mcp/i);
  });

  it('answers malformed and oversized JSON-RPC with clear errors, never a 5xx', async () => {
    const url = `${harness.url}/mcp/demo`;
    const malformed = await post(url, '{"jsonrpc":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    const notJsonRpc = await post(url, JSON.stringify({ hello: 'world' }));
    expect(notJsonRpc.status).toBe(400);
    const oversized = await post(url, JSON.stringify({ pad: 'x'.repeat(20_000) }));
    expect(oversized.status).toBe(413);
    const get = await fetch(url);
    expect(get.status).toBe(405);
  });

  it('lists the endpoints at /.well-known/mcp.json', async () => {
    const response = await fetch(`${harness.url}/.well-known/mcp.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      transport: 'streamable-http',
      endpointTemplate: `${harness.url}/mcp/{agentId}`,
      servers: [{ agentId: 'demo', url: `${harness.url}/mcp/demo` }],
    });
  });

  it('counts calls against the per-IP rate limit (429)', async () => {
    const limited = await bff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
      rateLimit: { windowMs: 60_000, perIp: 4, perVisitor: 100 },
    });
    const client = await connect(limited.url, 'demo');
    let status: number | undefined;
    for (let call = 0; call < 5 && status === undefined; call += 1) {
      try {
        await client.callTool({ name: 'search_docs', arguments: { query: 'widget' } });
      } catch (error) {
        status = (error as StreamableHTTPError).code;
      }
    }
    expect(status).toBe(429);
  });

  describe.skipIf(!redisServerAvailable())('across replicas through Redis', () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('two BFFs on one Redis share the per-IP count', async () => {
      const replicas = await Promise.all(
        [0, 1].map(() =>
          bff({
            upstreamUrl: service.url,
            agentApiToken: apiKey,
            allowedAgents: ['demo'],
            redisUrl: redis.url,
            rateLimit: { windowMs: 60_000, perIp: 3, perVisitor: 100 },
          }),
        ),
      );
      for (const replica of replicas) await untilRedisStoreReady(replica.url);
      const statuses: number[] = [];
      for (let call = 0; call < 4; call += 1) {
        const replica = replicas[call % 2] as BffHarness;
        statuses.push((await post(`${replica.url}/mcp/demo`, INITIALIZE)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });
});

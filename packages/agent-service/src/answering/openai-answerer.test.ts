import { decodeSseStream, readQueryStream, type StreamEvent } from '@agent-chat/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import {
  createApiClient,
  createTestDatabase,
  type OpenAiTestReply,
  type OpenAiTestServer,
  startOpenAiTestServer,
} from '../testing/index.js';

let llm: OpenAiTestServer;
let service: RunningAgentService;
let call: ReturnType<typeof createApiClient>;
let apiKey: string;
let agentId: string;
let nextReply: OpenAiTestReply;

function query(body: unknown, init: RequestInit = {}) {
  return fetch(`${service.url}/api/agents/${agentId}/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

beforeAll(async () => {
  llm = await startOpenAiTestServer(() => nextReply);
  service = await startAgentService({
    database: await createTestDatabase(),
    port: 0,
    heartbeatMs: 20,
    // Generous for a loaded machine; the silent model below stays far longer.
    llm: { baseUrl: llm.baseUrl, apiKey: 'sk-test-secret', timeoutMs: 1_000 },
  });
  ({ apiKey } = await service.createOrganization('LLM org'));
  call = createApiClient(service.url, apiKey);
  const datastoreId = (await call('POST', '/api/datastores', { name: 'Docs' })).body.id;
  await call('POST', `/api/datastores/upsert/${datastoreId}`, {
    documents: [{ name: 'returns.md', text: '# Returns\n\nItems can be returned within 30 days.' }],
  });
  agentId = (
    await call('POST', '/api/agents', {
      name: 'Shop',
      systemPrompt: 'You are the shop assistant.',
      temperature: 0.2,
      modelName: 'gpt_4',
      datastoreIds: [datastoreId],
    })
  ).body.id;
});

beforeEach(() => {
  llm.requests.length = 0;
  nextReply = { deltas: ['You can ', 'return items ', 'within 30 days — ', 'ça va ✓.'] };
});

afterAll(async () => {
  await service.close();
  await llm.close();
});

describe('OpenAI-compatible backend', () => {
  it('streams the model deltas through the seed dialect', async () => {
    const response = await query({ query: 'How long do I have to return items?', streaming: true });
    expect(response.status).toBe(200);
    const result = await readQueryStream(response.body as ReadableStream<Uint8Array>);
    expect(result.answer).toBe('You can return items within 30 days — ça va ✓.');
    expect(result.sources.map((source) => source.datasource_name)).toEqual(['returns.md']);
  });

  it('sends the system prompt, retrieved context, question, key and agent settings', async () => {
    const response = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'How long do I have to return items?',
    });
    expect(response.status).toBe(200);
    expect(response.body.answer).toBe('You can return items within 30 days — ça va ✓.');
    const request = llm.requests[0];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-secret');
    expect(request?.body).toMatchObject({ model: 'gpt-4', stream: true, temperature: 0.2 });
    const [system, user] = request?.body.messages ?? [];
    expect(system.role).toBe('system');
    expect(system.content).toContain('You are the shop assistant.');
    expect(system.content).toContain('Items can be returned within 30 days.');
    expect(system.content).toContain('like [1]');
    expect(system.content).toContain('[1] Returns');
    expect(user).toEqual({ role: 'user', content: 'How long do I have to return items?' });
  });

  it('lets query fields override the agent for that call', async () => {
    await call('POST', `/api/agents/${agentId}/query`, {
      query: 'returns?',
      temperature: 0.9,
      topP: 0.5,
      maxTokens: 42,
      presencePenalty: 1.5,
      frequencyPenalty: -1,
      modelName: 'gpt_3_5_turbo',
      systemPrompt: 'Be terse.',
      userPrompt: 'Question: {query}\nDocs: {context}',
    });
    const body = llm.requests[0]?.body;
    expect(body).toMatchObject({
      model: 'gpt-3.5-turbo',
      temperature: 0.9,
      top_p: 0.5,
      max_tokens: 42,
      presence_penalty: 1.5,
      frequency_penalty: -1,
    });
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Be terse.' });
    expect(body.messages.at(-1).content).toMatch(/^Question: returns\?\nDocs: \[1\] Returns/);
    const agent = await call('GET', `/api/agents/${agentId}`);
    expect(agent.body.temperature).toBe(0.2);
    expect(agent.body.systemPrompt).toBe('You are the shop assistant.');
  });

  it('appends the query’s context to the system prompt on a line of its own', async () => {
    await call('POST', `/api/agents/${agentId}/query`, {
      query: 'returns?',
      context: '  The visitor is on the Pro plan.\n',
    });
    const system = llm.requests[0]?.body.messages[0].content as string;
    expect(
      system.startsWith('You are the shop assistant.\nThe visitor is on the Pro plan.\n\n'),
    ).toBe(true);
    expect(system).toContain('[1] Returns');

    await call('POST', `/api/agents/${agentId}/query`, {
      query: 'returns?',
      systemPrompt: 'Be terse.',
      userPrompt: 'Question: {query}\nDocs: {context}',
      context: 'Answer in French.',
    });
    expect(llm.requests[1]?.body.messages[0]).toEqual({
      role: 'system',
      content: 'Be terse.\nAnswer in French.',
    });

    // A blank context changes nothing.
    await call('POST', `/api/agents/${agentId}/query`, { query: 'returns?', context: ' \n ' });
    expect(llm.requests[2]?.body.messages[0].content).toMatch(/^You are the shop assistant\.\n\n/);
  });

  it('uses the query’s raw promptTemplate for that call', async () => {
    await call('POST', `/api/agents/${agentId}/query`, {
      query: 'returns?',
      promptType: 'raw',
      promptTemplate: 'Sources:\n{context}\n\nCustomer asks: {query}',
    });
    const messages = llm.requests[0]?.body.messages;
    expect(messages[0]).toEqual({ role: 'system', content: 'You are the shop assistant.' });
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content:
        'Sources:\n[1] Returns\nItems can be returned within 30 days.\n\nCustomer asks: returns?',
    });
  });

  it('feeds the conversation history to the model', async () => {
    nextReply = { deltas: ['First answer.'] };
    const first = await call('POST', `/api/agents/${agentId}/query`, { query: 'first question' });
    nextReply = { deltas: ['Second answer.'] };
    await call('POST', `/api/agents/${agentId}/query`, {
      query: 'second question',
      conversationId: first.body.conversationId,
      visitorId: first.body.visitorId,
    });
    // The second question is condensed first (a request of its own), then answered.
    const answering = llm.requests.filter(
      (request) => !String(request.body.messages[0].content).includes('standalone'),
    );
    expect(answering).toHaveLength(2);
    const messages = answering[1]?.body.messages;
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'second question' },
    ]);
  });

  it('sends heartbeats while the model is slow', async () => {
    nextReply = { deltas: ['slow ', 'answer'], delayMs: 80 };
    const response = await query({ query: 'returns', streaming: true });
    const events: StreamEvent[] = [];
    for await (const event of decodeSseStream(response.body as ReadableStream<Uint8Array>)) {
      events.push(event);
    }
    expect(events.filter((event) => event.type === 'heartbeat').length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ type: 'done' });
  });

  it('reports a failing model as 502 JSON, or as an [ERROR] frame in a stream', async () => {
    nextReply = { status: 500, errorMessage: 'model overloaded' };
    const json = await call('POST', `/api/agents/${agentId}/query`, { query: 'returns' });
    expect(json.status).toBe(502);
    expect(json.body.error.code).toBe('UPSTREAM_ERROR');
    expect(json.body.error.message).toContain('model overloaded');
    expect(JSON.stringify(json.body)).not.toContain('sk-test-secret');

    nextReply = { deltas: ['partial '], omitDone: true };
    const stream = await query({ query: 'returns', streaming: true });
    expect(stream.status).toBe(200);
    await expect(readQueryStream(stream.body as ReadableStream<Uint8Array>)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    });

    nextReply = { status: 401 };
    const auth = await call('POST', `/api/agents/${agentId}/query`, { query: 'returns' });
    expect(auth.status).toBe(502);
    expect(auth.body.error.code).toBe('UPSTREAM_AUTH');
  });

  it('gives up on a silent model with 504 UPSTREAM_TIMEOUT', async () => {
    nextReply = { deltas: ['late'], delayMs: 2_500 };
    const response = await call('POST', `/api/agents/${agentId}/query`, { query: 'returns' });
    expect(response.status).toBe(504);
    expect(response.body.error.code).toBe('UPSTREAM_TIMEOUT');
  });

  it('stops the model request when the client disconnects', async () => {
    nextReply = { deltas: Array.from({ length: 200 }, (_, index) => `word${index} `), delayMs: 20 };
    const controller = new AbortController();
    const disconnected = llm.nextDisconnect();
    const response = await query(
      { query: 'returns', streaming: true },
      { signal: controller.signal },
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    await disconnected;
    expect(llm.requests).toHaveLength(1);
  });
});

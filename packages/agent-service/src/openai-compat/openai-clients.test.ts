import {
  chatCompletionChunkSchema,
  chatCompletionSchema,
  modelListSchema,
  modelSchema,
  openAiErrorSchema,
} from '@agent-chat/protocol/schemas';
import { AIMessage, HumanMessage, SystemMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import OpenAI, {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answerer, AnswerInput } from '../answering/index.js';
import { createExtractiveAnswerer } from '../answering/index.js';
import { type RunningAgentService, startAgentService } from '../server.js';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import {
  createApiClient,
  createTestDatabase,
  type OpenAiTestReply,
  type OpenAiTestServer,
  startOpenAiTestServer,
} from '../testing/index.js';

/**
 * How the answerer behaves: `extractive` (the default answerer), `held` (one fragment,
 * then waits for `release`), `endless` (fragments until the client leaves).
 */
let mode: 'extractive' | 'held' | 'endless' = 'extractive';
const answered: AnswerInput[] = [];
let release: () => void = () => {};
let aborted: Promise<void> = Promise.resolve();
const extractive = createExtractiveAnswerer();
const answerer: Answerer = {
  async *answer(input) {
    answered.push(input);
    if (mode === 'extractive') {
      yield* extractive.answer(input);
      return;
    }
    if (mode === 'held') {
      yield 'First. ';
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      yield 'Then the rest.';
      return;
    }
    while (!input.signal.aborted) {
      yield 'more ';
      // Endless, but a turn of the event loop between fragments lets the abort arrive.
      await new Promise((resolve) => setImmediate(resolve));
    }
  },
};

let fixture: ConversationFixture;
let client: OpenAI;
let baseURL: string;
/** An agent of another organization of the same service. */
let foreignAgentId: string;
/** A client of an organization whose quota is zero queries, and its agent. */
let quota: { client: OpenAI; agentId: string };

function openAi(apiKey: string, url = baseURL): OpenAI {
  return new OpenAI({ apiKey, baseURL: url, maxRetries: 0 });
}

function onAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve()));
}

beforeAll(async () => {
  fixture = await startConversationFixture({
    answerer: {
      answer(input) {
        aborted = onAbort(input.signal);
        return answerer.answer(input);
      },
    },
    heartbeatMs: 20,
  });
  baseURL = `${fixture.service.url}/v1`;
  client = openAi(fixture.apiKey);
  const foreign = await fixture.service.createOrganization('Beta');
  foreignAgentId = (
    await createApiClient(fixture.service.url, foreign.apiKey)('POST', '/api/agents', {
      name: 'Theirs',
    })
  ).body.id;
  const limited = await fixture.service.createOrganization('Quota', {
    usageLimit: { queries: 0, periodMs: 60_000 },
  });
  quota = {
    client: openAi(limited.apiKey),
    agentId: (
      await createApiClient(fixture.service.url, limited.apiKey)('POST', '/api/agents', {
        name: 'Limited',
      })
    ).body.id,
  };
});

afterAll(async () => {
  await fixture.service.close();
});

describe('the openai SDK against /v1', () => {
  it('lists the organization’s agents as models, and reads one', async () => {
    const page = await client.models.list();
    expect(page.data.map((model) => model.id)).toEqual([fixture.agentId, fixture.otherAgentId]);
    expect(page.data[0]).toMatchObject({ object: 'model', owned_by: 'Acme', name: 'Helper' });
    expect(page.data[0]?.created).toBeGreaterThan(Date.now() / 1000 - 600);
    const raw = await fetch(`${baseURL}/models`, {
      headers: { authorization: `Bearer ${fixture.apiKey}` },
    });
    expect(modelListSchema.parse(await raw.json()).data).toHaveLength(2);
    const one = await client.models.retrieve(fixture.otherAgentId);
    expect(modelSchema.parse(one)).toMatchObject({ id: fixture.otherAgentId, name: 'Other' });
  });

  it('answers a completion as JSON, with sources, usage, and a stored conversation', async () => {
    mode = 'extractive';
    const completion = await client.chat.completions.create({
      model: fixture.agentId,
      messages: [{ role: 'user', content: 'How are refunds processed?' }],
      user: 'visitor-openai',
      temperature: 0.3,
      max_tokens: 20,
      stream_options: null,
    });
    const parsed = chatCompletionSchema.parse(completion);
    expect(parsed.choices[0]?.message.content).toMatch(/five business days/);
    expect(parsed.choices[0]?.finish_reason).toBe('stop');
    expect(parsed.sources[0]?.datasource_name).toBe('refunds.md');
    expect(parsed.usage.completion_tokens).toBeGreaterThan(0);
    expect(parsed.usage.total_tokens).toBe(
      parsed.usage.prompt_tokens + parsed.usage.completion_tokens,
    );
    expect(parsed.visitor_id).toBe('visitor-openai');
    const stored = await fixture.call('GET', `/api/conversations/${parsed.conversation_id}`);
    expect(stored.body).toMatchObject({ agentId: fixture.agentId, visitorId: 'visitor-openai' });
    expect(stored.body.messages.map((message: { text: string }) => message.text)).toEqual([
      'How are refunds processed?',
      parsed.choices[0]?.message.content,
    ]);
  });

  it('streams chat.completion.chunk events ending with [DONE], sources on the last chunk', async () => {
    mode = 'extractive';
    const stream = await client.chat.completions.create({
      model: fixture.agentId,
      messages: [{ role: 'user', content: 'How do I embed the widget?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunkSchemaParse(chunk));
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toMatch(/script tag/);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    const last = chunks.at(-1);
    expect(last?.choices[0]?.finish_reason).toBe('stop');
    expect(last?.sources?.[0]?.datasource_name).toBe('embed.md');
    expect(last?.usage?.completion_tokens).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).every((chunk) => chunk.sources === undefined)).toBe(true);
  });

  it('answers a follow-up with the earlier turns as history; a system message goes to the prompt', async () => {
    mode = 'extractive';
    const first = 'How are refunds processed?';
    const answer = 'Refunds are processed within five business days.';
    const completion = await client.chat.completions.create({
      model: fixture.agentId,
      messages: [
        { role: 'system', content: 'Answer in one sentence.' },
        { role: 'user', content: first },
        { role: 'assistant', content: answer },
        { role: 'user', content: [{ type: 'text', text: 'And how long do refunds take?' }] },
      ],
    });
    expect(completion.choices[0]?.message.content).toMatch(/five business days/);
    const input = answered.at(-1);
    expect(input?.query).toBe('And how long do refunds take?');
    expect(input?.history).toEqual([
      { role: 'user', text: first },
      { role: 'assistant', text: answer },
    ]);
    expect(input?.settings.context).toBe('Answer in one sentence.');
  });

  it('sends heartbeats while the answer is slow, as comments the SDK skips', async () => {
    mode = 'held';
    const response = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: fixture.agentId,
        messages: [{ role: 'user', content: 'refunds' }],
        stream: true,
      }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    let text = '';
    while (!text.includes(': ping\n\n')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended without a heartbeat: ${text}`);
      text += value;
    }
    release();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      text += next.value;
    }
    expect(text).toMatch(/"content":"First\. "/);
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('stops answering when the client aborts a stream, and stores nothing', async () => {
    mode = 'endless';
    const controller = new AbortController();
    const before = answered.length;
    const stream = await client.chat.completions.create(
      {
        model: fixture.agentId,
        messages: [{ role: 'user', content: 'refunds' }],
        stream: true,
        user: 'visitor-leaving',
      },
      { signal: controller.signal },
    );
    let received = 0;
    // The SDK ends the iteration quietly on its own abort.
    for await (const _chunk of stream) {
      received += 1;
      if (received === 3) controller.abort();
    }
    await aborted;
    expect(received).toBe(3);
    expect(answered.length).toBe(before + 1);
    const stored = await fixture.service.database.query(
      'SELECT id FROM conversations WHERE visitor_id = $1',
      ['visitor-leaving'],
    );
    expect(stored).toEqual([]);
  });
});

/** Validates one streamed chunk against the protocol's schema (and returns it typed). */
function chunkSchemaParse(chunk: unknown) {
  return chatCompletionChunkSchema.parse(chunk);
}

describe('errors the SDK raises as its typed errors', () => {
  it('401 invalid_api_key: AuthenticationError', async () => {
    const error = await openAi('not-a-key')
      .models.list()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it.each([
    ['an unknown agent', 'no-such-agent'],
    ['another organization’s agent', 'foreign'],
    ['a model name that is no id', 'gpt-4o/mini'],
  ])('404 model_not_found for %s: NotFoundError', async (_name, model) => {
    const id = model === 'foreign' ? foreignAgentId : model;
    const error = await client.chat.completions
      .create({ model: id, messages: [{ role: 'user', content: 'refunds' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'model_not_found' });
    await expect(client.models.retrieve(id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([
    ['empty messages', [], {}, 'messages'],
    ['no user message', [{ role: 'system', content: 'Be brief.' }], {}, 'messages'],
    [
      'a question too long',
      [{ role: 'user', content: 'x'.repeat(10_001) }],
      {},
      'messages[0].content',
    ],
    ['n above 1', [{ role: 'user', content: 'refunds' }], { n: 2 }, 'n'],
    [
      'tools',
      [{ role: 'user', content: 'refunds' }],
      { tools: [{ type: 'function', function: { name: 'lookup' } }] },
      'tools',
    ],
  ])('400 invalid_request_error for %s: BadRequestError', async (_name, messages, extra, param) => {
    const error = await client.chat.completions
      // biome-ignore lint/suspicious/noExplicitAny: deliberately invalid requests
      .create({ model: fixture.agentId, messages, ...extra } as any)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', param });
  });

  it('429 insufficient_quota once the usage limit is reached: RateLimitError, in both modes', async () => {
    for (const stream of [false, true]) {
      const error = await quota.client.chat.completions
        .create({ model: quota.agentId, messages: [{ role: 'user', content: 'hi' }], stream })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, code: 'insufficient_quota' });
    }
  });

  it('answers unknown /v1 routes and invalid JSON in OpenAI’s shape', async () => {
    const headers = {
      authorization: `Bearer ${fixture.apiKey}`,
      'content-type': 'application/json',
    };
    const unknown = await fetch(`${baseURL}/embeddings`, { method: 'POST', headers, body: '{}' });
    expect(unknown.status).toBe(404);
    expect(openAiErrorSchema.parse(await unknown.json()).error.message).toMatch(
      /chat\/completions/,
    );
    const broken = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers,
      body: '{',
    });
    expect(broken.status).toBe(400);
    expect(openAiErrorSchema.parse(await broken.json()).error.type).toBe('invalid_request_error');
  });
});

describe('an upstream model that fails', () => {
  let llm: OpenAiTestServer;
  let service: RunningAgentService;
  let failing: OpenAI;
  let agentId: string;
  let reply: OpenAiTestReply = { status: 500, errorMessage: 'model overloaded' };

  beforeAll(async () => {
    llm = await startOpenAiTestServer(() => reply);
    service = await startAgentService({
      database: await createTestDatabase(),
      port: 0,
      llm: { baseUrl: llm.baseUrl, apiKey: 'sk-test', timeoutMs: 300 },
    });
    const { apiKey } = await service.createOrganization('Upstream');
    agentId = (await createApiClient(service.url, apiKey)('POST', '/api/agents', { name: 'LLM' }))
      .body.id;
    failing = openAi(apiKey, `${service.url}/v1`);
  });

  afterAll(async () => {
    await service.close();
    await llm.close();
  });

  it('is a 502 the SDK raises as InternalServerError, not a hang', async () => {
    const error = await failing.chat.completions
      .create({ model: agentId, messages: [{ role: 'user', content: 'refunds' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, type: 'server_error', code: 'upstream_error' });
    expect(llm.requests.length).toBeGreaterThan(0);
  });

  it('is a 504 when the model stays silent, after llm.timeoutMs', async () => {
    reply = { deltas: ['Too late.'], delayMs: 5_000 };
    const error = await failing.chat.completions
      .create({ model: agentId, messages: [{ role: 'user', content: 'refunds' }] })
      .catch((caught: unknown) => caught);
    reply = { status: 500, errorMessage: 'model overloaded' };
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 504, code: 'upstream_timeout' });
  });

  it('ends a stream with an error event the SDK raises', async () => {
    const stream = await failing.chat.completions.create({
      model: agentId,
      messages: [{ role: 'user', content: 'refunds' }],
      stream: true,
    });
    const error = await (async () => {
      for await (const _chunk of stream) {
        // Only the role chunk can come before the failure.
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toMatch(/language model/);
  });
});

describe('LangChain’s ChatOpenAI against /v1', () => {
  function chat(apiKey = fixture.apiKey, model = fixture.agentId) {
    return new ChatOpenAI({ model, apiKey, configuration: { baseURL }, maxRetries: 0 });
  }

  it('invokes, streams and follows up through the message history', async () => {
    mode = 'extractive';
    const reply = await chat().invoke([new HumanMessage('How are refunds processed?')]);
    expect(reply.content).toMatch(/five business days/);
    // LangChain's message types narrow usage_metadata to never here; it is set at run time.
    const usage = reply.usage_metadata as { output_tokens: number } | undefined;
    expect(usage?.output_tokens).toBeGreaterThan(0);

    let streamed = '';
    for await (const chunk of await chat().stream('How do I embed the widget?')) {
      streamed += typeof chunk.content === 'string' ? chunk.content : '';
    }
    expect(streamed).toMatch(/script tag/);

    await chat().invoke([
      new SystemMessage('Be brief.'),
      new HumanMessage('How are refunds processed?'),
      new AIMessage(String(reply.content)),
      new HumanMessage('And how long?'),
    ]);
    expect(answered.at(-1)?.history).toEqual([
      { role: 'user', text: 'How are refunds processed?' },
      { role: 'assistant', text: String(reply.content) },
    ]);
    expect(answered.at(-1)?.settings.context).toBe('Be brief.');
  });

  it('rejects with the status of a bad key and of an unknown agent', async () => {
    await expect(chat('not-a-key').invoke('refunds')).rejects.toMatchObject({ status: 401 });
    await expect(chat(fixture.apiKey, 'no-such-agent').invoke('refunds')).rejects.toMatchObject({
      status: 404,
    });
  });
});

import { decodeSseStream, type StreamEvent } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentServiceError,
  type Answerer,
  type AnswerInput,
  type RunningAgentService,
  startAgentService,
} from '../index.js';
import { createApiClient, createTestDatabase, nextServerRequest } from '../testing/index.js';

let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
let service: RunningAgentService;
let answerMode: 'normal' | 'endless' | 'fails-midway' | 'huge' = 'normal';
let yielded = 0;
const HUGE_FRAGMENTS = 20_000;
const FRAGMENT = `${'x'.repeat(1023)} `;
let aborted: Promise<void>;
let markAborted: () => void;
let started: Promise<void>;
let markStarted: () => void;
let finished: Promise<void>;
let markFinished: () => void;

function resetAbortWatch() {
  aborted = new Promise((resolve) => {
    markAborted = resolve;
  });
  started = new Promise((resolve) => {
    markStarted = resolve;
  });
  finished = new Promise((resolve) => {
    markFinished = resolve;
  });
}

const answerer: Answerer = {
  async *answer(input: AnswerInput) {
    if (answerMode === 'normal') {
      yield 'Hello ';
      yield 'there.';
      return;
    }
    if (answerMode === 'huge') {
      for (yielded = 0; yielded < HUGE_FRAGMENTS; yielded += 1) yield FRAGMENT;
      return;
    }
    if (answerMode === 'fails-midway') {
      yield 'Partial ';
      throw new AgentServiceError('UPSTREAM_ERROR', 502, 'The model went away.');
    }
    input.signal.addEventListener('abort', () => markAborted(), { once: true });
    markStarted();
    try {
      while (!input.signal.aborted) {
        yield 'more ';
        // Endless, but a turn of the event loop between fragments lets the abort arrive.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      markFinished();
    }
  },
};

async function events(response: Response): Promise<StreamEvent[]> {
  const list: StreamEvent[] = [];
  for await (const event of decodeSseStream(response.body as ReadableStream<Uint8Array>)) {
    list.push(event);
  }
  return list;
}

beforeAll(async () => {
  service = await startAgentService({
    database: await createTestDatabase(),
    port: 0,
    answerer,
    usageLimit: { queries: 2, periodMs: 60_000 },
    now: () => clock,
  });
});

afterAll(async () => {
  await service.close();
});

async function setup(name: string, usageLimit?: { queries: number; periodMs: number }) {
  const { apiKey } = await service.createOrganization(name, usageLimit ? { usageLimit } : {});
  const call = createApiClient(service.url, apiKey);
  const agent = (await call('POST', '/api/agents', { name: 'Quota' })).body;
  const query = (body: Record<string, unknown>, init: RequestInit = {}) =>
    fetch(`${service.url}/api/agents/${agent.id}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...init,
    });
  return { call, agent, query };
}

describe('usage limit', () => {
  it('answers 402 JSON once the quota is used, and again after the period', async () => {
    answerMode = 'normal';
    const { query } = await setup('Limited');
    expect((await query({ query: 'one' })).status).toBe(200);
    expect((await query({ query: 'two' })).status).toBe(200);
    const refused = await query({ query: 'three' });
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('USAGE_LIMIT');
    expect(body.error.message).toMatch(/2 queries per 60000 ms.*resets at 2030-01-01T12:01:00/);

    const stream = await query({ query: 'four', streaming: true });
    expect(stream.status).toBe(402);
    expect(stream.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await stream.json()) as { error: { code: string } }).error.code).toBe('USAGE_LIMIT');

    clock += 60_000;
    expect((await query({ query: 'five' })).status).toBe(200);
  });

  it('applies an organization’s own quota and counts organizations apart', async () => {
    answerMode = 'normal';
    const strict = await setup('Strict', { queries: 1, periodMs: 60_000 });
    const other = await setup('Other');
    expect((await strict.query({ query: 'one' })).status).toBe(200);
    expect((await strict.query({ query: 'two', streaming: true })).status).toBe(402);
    expect((await other.query({ query: 'one' })).status).toBe(200);
  });

  it('does not count invalid queries', async () => {
    answerMode = 'normal';
    const { query } = await setup('Careful');
    expect((await query({ query: '' })).status).toBe(400);
    expect((await query({ query: 'one' })).status).toBe(200);
    expect((await query({ query: 'two' })).status).toBe(200);
  });
});

describe('streaming', () => {
  it('stops answering when the client disconnects, and stores nothing', async () => {
    answerMode = 'endless';
    resetAbortWatch();
    const { query } = await setup('Leaver');
    const controller = new AbortController();
    const response = await query(
      { query: 'go on forever', streaming: true, conversationId: 'leaver-1' },
      { signal: controller.signal },
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    await aborted;
    // As below: the answer loop has ended and the route has taken its next step.
    await finished;
    await new Promise((resolve) => setImmediate(resolve));
    const rows = await service.database.query('SELECT 1 FROM conversations WHERE id = $1', [
      'leaver-1',
    ]);
    expect(rows).toEqual([]);
  });

  it('stops a JSON answer when the client disconnects, and stores nothing', async () => {
    answerMode = 'endless';
    resetAbortWatch();
    const { query } = await setup('JSON leaver');
    const controller = new AbortController();
    const pending = query(
      { query: 'go on forever', conversationId: 'json-leaver-1' },
      { signal: controller.signal },
    ).catch((error: unknown) => error);
    await started;
    controller.abort();
    await aborted;
    expect(await pending).toBeInstanceOf(Error);
    // The route's answer loop has ended; one turn of the event loop lets the route take its
    // next step (it would store the exchange there), queued before the query below.
    await finished;
    await new Promise((resolve) => setImmediate(resolve));
    const rows = await service.database.query('SELECT 1 FROM conversations WHERE id = $1', [
      'json-leaver-1',
    ]);
    expect(rows).toEqual([]);
  });

  it('ends a failing stream with an [ERROR] frame after the partial answer', async () => {
    answerMode = 'fails-midway';
    const { query } = await setup('Failing');
    const list = await events(await query({ query: 'fail', streaming: true }));
    expect(list).toEqual([
      { type: 'answer', text: 'Partial ' },
      { type: 'error', code: 'UPSTREAM_ERROR', message: 'The model went away.' },
    ]);
  });

  it('answers 502 JSON when the answerer fails in JSON mode', async () => {
    answerMode = 'fails-midway';
    const { call, agent } = await setup('Failing JSON');
    const response = await call('POST', `/api/agents/${agent.id}/query`, { query: 'fail' });
    expect(response.status).toBe(502);
    expect(response.body.error).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'The model went away.',
    });
  });

  it('waits for a slow reader instead of buffering the whole answer (backpressure)', async () => {
    answerMode = 'huge';
    const { query } = await setup('Slow reader');
    const atService = nextServerRequest((request) => request.url?.endsWith('/query') === true);
    const response = await query({ query: 'everything', streaming: true });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    // The route waits for a drain once the reader's and the sockets' buffers are full.
    const { response: atServer } = await atService;
    await expect
      .poll(() => atServer.listenerCount('drain'), { message: 'the route waits' })
      .toBe(1);
    // 20 MB of answer: socket and client buffers hold a few MB at most.
    expect(yielded).toBeLessThan(HUGE_FRAGMENTS / 2);
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(yielded).toBe(HUGE_FRAGMENTS);
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('lets an open stream finish when the service closes', async () => {
    // The answer's rest waits until the service has been asked to close.
    let closeRequested!: () => void;
    const closing = new Promise<void>((resolve) => {
      closeRequested = resolve;
    });
    const slow = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      answerer: {
        async *answer() {
          yield 'still ';
          await closing;
          for (const word of ['here ', 'at ', 'the ', 'end.']) yield word;
        },
      },
    });
    const { apiKey } = await slow.createOrganization('Closing');
    const agent = (await createApiClient(slow.url, apiKey)('POST', '/api/agents', { name: 'S' }))
      .body;
    const response = await fetch(`${slow.url}/api/agents/${agent.id}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'hello', streaming: true }),
    });
    const closed = slow.close();
    closeRequested();
    const list = await events(response);
    await closed;
    expect(list.at(-1)).toEqual({ type: 'done' });
    expect(
      list
        .filter((event) => event.type === 'answer')
        .map((event) => (event as { text: string }).text)
        .join(''),
    ).toBe('still here at the end.');
  });
});

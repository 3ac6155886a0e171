import { createSseEncoder } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { ConsoleApiError } from './api-client.js';
import { type QueryTimings, runTimedQuery } from './timed-query.js';

const encoder = createSseEncoder();
const source = {
  chunk_id: 'k1',
  datasource_id: 's1',
  datasource_name: 'refunds.md',
  datasource_type: 'text',
  source_url: 'https://docs.example/refunds',
  mime_type: 'text/markdown',
  score: 0.9,
};
const ending = (answer: string) =>
  encoder.encode({
    type: 'endpoint_response',
    json: JSON.stringify({
      answer,
      sources: [source],
      conversationId: 'c1_sig',
      visitorId: 'v1_sig',
      messageId: 'm1_sig',
    }),
  }) + encoder.encode({ type: 'done' });

function start(signal?: AbortSignal) {
  const server = createControlledFetch();
  const answers: string[] = [];
  const timings: QueryTimings[] = [];
  const result = runTimedQuery({
    url: `${server.baseUrl}api/agents/demo/query`,
    query: 'How are refunds paid?',
    fetch: server.fetch,
    ...(signal ? { signal } : {}),
    onAnswer: (answer) => answers.push(answer),
    onTimings: (next) => timings.push(next),
  });
  return { server, answers, timings, result };
}

async function failureOf(promise: Promise<unknown>): Promise<ConsoleApiError> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ConsoleApiError);
  return failure as ConsoleApiError;
}

describe('runTimedQuery', () => {
  it('streams the answer as a visitor asks, timing the first byte, the first text and the end', async () => {
    const { server, answers, timings, result } = start();
    const call = await server.take('POST api/agents/demo/query');
    expect(call.body).toEqual({ query: 'How are refunds paid?', streaming: true });
    expect(call.headers.get('accept')).toBe('text/event-stream');
    const stream = call.respondStream();
    stream.push(encoder.encode({ type: 'answer', text: 'Refunds ' }).slice(0, 9));
    await expect.poll(() => timings.length).toBe(1);
    expect(timings[0]?.firstAnswerMs).toBeUndefined();
    stream.push(encoder.encode({ type: 'answer', text: 'Refunds ' }).slice(9));
    stream.push(encoder.encode({ type: 'answer', text: 'go to the card.' }));
    stream.push(ending('Refunds go to the card.'));
    stream.close();
    const final = await result;
    expect(final).toMatchObject({
      answer: 'Refunds go to the card.',
      sources: [source],
      conversationId: 'c1_sig',
      messageId: 'm1_sig',
    });
    expect(answers).toEqual(['Refunds ', 'Refunds go to the card.', 'Refunds go to the card.']);
    const last = timings.at(-1);
    expect(last?.firstByteMs).toBeGreaterThanOrEqual(0);
    expect(last?.firstAnswerMs).toBeGreaterThanOrEqual(last?.firstByteMs ?? 0);
    expect(last?.totalMs).toBeGreaterThanOrEqual(last?.firstAnswerMs ?? 0);
  });

  it("rejects with the API's error before the stream, or its status", async () => {
    const limited = start();
    (await limited.server.take('POST api/agents/demo/query')).respond(402, {
      error: { code: 'USAGE_LIMIT', message: 'The monthly quota is used up.' },
    });
    expect(await failureOf(limited.result)).toMatchObject({
      status: 402,
      code: 'USAGE_LIMIT',
      message: 'The monthly quota is used up.',
    });
    const proxied = start();
    (await proxied.server.take('POST api/agents/demo/query')).respondText(504, '<html>');
    expect(await failureOf(proxied.result)).toMatchObject({
      status: 504,
      code: 'HTTP_ERROR',
      message: 'The server answered 504.',
    });
  });

  it("rejects with the stream's [ERROR], a stream cut short, or a network failure", async () => {
    const failing = start();
    const errorStream = (await failing.server.take('POST api/agents/demo/query')).respondStream();
    errorStream.push(encoder.encode({ type: 'answer', text: 'Par' }));
    errorStream.push(
      encoder.encode({ type: 'error', code: 'UPSTREAM_ERROR', message: 'The model went away.' }),
    );
    errorStream.close();
    expect(await failureOf(failing.result)).toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'The model went away.',
    });
    expect(failing.answers).toEqual(['Par']);

    const cut = start();
    const cutStream = (await cut.server.take('POST api/agents/demo/query')).respondStream();
    cutStream.push(encoder.encode({ type: 'answer', text: 'Half' }));
    cutStream.close();
    expect((await failureOf(cut.result)).code).toBe('STREAM_INTERRUPTED');

    const offline = start();
    (await offline.server.take('POST api/agents/demo/query')).fail();
    expect(await failureOf(offline.result)).toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'The server could not be reached.',
    });
  });

  it('rejects as ABORTED when stopped, before or during the stream', async () => {
    const early = new AbortController();
    const before = start(early.signal);
    await before.server.take('POST api/agents/demo/query');
    early.abort();
    expect(await failureOf(before.result)).toMatchObject({ code: 'ABORTED', message: 'Stopped.' });

    const late = new AbortController();
    const during = start(late.signal);
    const stream = (await during.server.take('POST api/agents/demo/query')).respondStream();
    stream.push(encoder.encode({ type: 'answer', text: 'Refunds' }));
    await expect.poll(() => during.answers).toEqual(['Refunds']);
    late.abort();
    expect((await failureOf(during.result)).code).toBe('ABORTED');
  });
});

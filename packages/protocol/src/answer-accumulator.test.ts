import { describe, expect, it } from 'vitest';
import { createAnswerAccumulator, readQueryStream } from './answer-accumulator.js';
import { ProtocolError } from './protocol-error.js';
import { createSseEncoder } from './sse-encoder.js';
import type { StreamEvent } from './stream-event.js';

const source = {
  chunk_id: 'k1',
  datasource_id: 'd1',
  datasource_name: 'Guide',
  datasource_type: 'text',
  source_url: null,
  mime_type: 'text/plain',
  score: 0.9,
};

function bodyOf(
  events: StreamEvent[],
  dialect: 'spec' | 'chaindesk' = 'spec',
): ReadableStream<Uint8Array> {
  const encoder = createSseEncoder({ dialect });
  return new Response(events.map((event) => encoder.encode(event)).join('')).body!;
}

describe('createAnswerAccumulator', () => {
  it('concatenates answer fragments and parses endpoint_response fragments at [DONE]', () => {
    const accumulator = createAnswerAccumulator();
    const json = JSON.stringify({
      conversationId: 'c1',
      visitorId: 'v1',
      messageId: 'm1',
      sources: [source],
    });
    expect(accumulator.push({ type: 'answer', text: 'Hel' })).toEqual({
      status: 'streaming',
      answer: 'Hel',
    });
    accumulator.push({ type: 'heartbeat' });
    accumulator.push({ type: 'answer', text: 'lo' });
    accumulator.push({ type: 'endpoint_response', json: json.slice(0, 10) });
    accumulator.push({ type: 'endpoint_response', json: json.slice(10) });
    expect(accumulator.state).toEqual({ status: 'streaming', answer: 'Hello' });
    expect(accumulator.push({ type: 'done' })).toEqual({
      status: 'done',
      answer: 'Hello',
      result: {
        answer: 'Hello',
        sources: [source],
        conversationId: 'c1',
        visitorId: 'v1',
        messageId: 'm1',
      },
    });
  });

  it("keeps our service's conversation status, handoff flag and contact offer, ignoring malformed ones", () => {
    const finished = (fields: object) => {
      const accumulator = createAnswerAccumulator();
      accumulator.push({
        type: 'endpoint_response',
        json: JSON.stringify({ answer: 'a', ...fields }),
      });
      return accumulator.push({ type: 'done' });
    };
    expect(finished({ status: 'handoff', handoffEnabled: true })).toMatchObject({
      result: { status: 'handoff', handoffEnabled: true },
    });
    const offer = {
      reason: 'no_answer',
      fields: { name: 'optional', phone: 'off' },
      consentText: null,
    };
    expect(finished({ contactCapture: offer })).toMatchObject({
      result: { answer: 'a', contactCapture: offer },
    });
    const malformed = finished({
      status: 'closed',
      handoffEnabled: 'yes',
      contactCapture: { ...offer, reason: 'later' },
    });
    expect(malformed).toEqual({
      status: 'done',
      answer: 'a',
      result: { answer: 'a', sources: [] },
    });
  });

  it('keeps the follow-up questions: strings only, at most three, each cut to its longest', () => {
    const accumulator = createAnswerAccumulator();
    accumulator.push({
      type: 'endpoint_response',
      json: JSON.stringify({
        answer: 'a',
        followUps: ['One?', 7, '', 'x'.repeat(200), 'Three?', 'Four?'],
      }),
    });
    expect(accumulator.push({ type: 'done' })).toMatchObject({
      result: { followUps: ['One?', 'x'.repeat(120), 'Three?'] },
    });
  });

  it("keeps our service's contact offer, ignoring a malformed one", () => {
    const finished = (contactCapture: unknown) => {
      const accumulator = createAnswerAccumulator();
      accumulator.push({
        type: 'endpoint_response',
        json: JSON.stringify({ answer: 'a', contactCapture }),
      });
      return accumulator.push({ type: 'done' });
    };
    const offer = {
      reason: 'no_answer',
      fields: { name: 'optional', phone: 'off' },
      consentText: 'We keep it.',
    };
    expect(finished(offer)).toMatchObject({ result: { contactCapture: offer } });
    for (const malformed of [
      { ...offer, reason: 'later' },
      { ...offer, fields: { name: 'maybe', phone: 'off' } },
      'yes',
    ]) {
      expect(finished(malformed)).toEqual({
        status: 'done',
        answer: 'a',
        result: { answer: 'a', sources: [] },
      });
    }
  });

  it('uses endpoint_response.answer when no answer fragments came', () => {
    const accumulator = createAnswerAccumulator();
    accumulator.push({ type: 'endpoint_response', json: '{"answer":"All at once","sources":[]}' });
    expect(accumulator.push({ type: 'done' })).toMatchObject({
      status: 'done',
      answer: 'All at once',
    });
  });

  it('reports invalid endpoint_response JSON as a clear error and keeps the answer', () => {
    const accumulator = createAnswerAccumulator();
    accumulator.push({ type: 'answer', text: 'partial' });
    accumulator.push({ type: 'endpoint_response', json: '{"conversationId":' });
    const state = accumulator.push({ type: 'done' });
    expect(state.status).toBe('error');
    if (state.status !== 'error') return;
    expect(state.answer).toBe('partial');
    expect(state.error.code).toBe('INVALID_STREAM');
    expect(state.error.message).toMatch(/endpoint_response .* not valid JSON/);
  });

  it('rejects an endpoint_response that is not an object', () => {
    const accumulator = createAnswerAccumulator();
    accumulator.push({ type: 'endpoint_response', json: '[1,2]' });
    expect(accumulator.push({ type: 'done' })).toMatchObject({
      status: 'error',
      error: { code: 'INVALID_STREAM' },
    });
  });

  it('keeps the partial answer on an error and ignores later events', () => {
    const accumulator = createAnswerAccumulator();
    accumulator.push({ type: 'answer', text: 'part' });
    accumulator.push({ type: 'error', code: 'USAGE_LIMIT', message: 'Quota reached' });
    accumulator.push({ type: 'answer', text: 'more' });
    expect(accumulator.push({ type: 'done' })).toEqual({
      status: 'error',
      answer: 'part',
      error: { code: 'USAGE_LIMIT', message: 'Quota reached' },
    });
  });
});

describe('readQueryStream', () => {
  it('resolves with the result of a complete stream, in both dialects', async () => {
    const events: StreamEvent[] = [
      { type: 'answer', text: 'A 100% answer\n' },
      {
        type: 'endpoint_response',
        json: JSON.stringify({ conversationId: 'c', visitorId: 'v', sources: [source] }),
      },
      { type: 'done' },
    ];
    for (const dialect of ['spec', 'chaindesk'] as const) {
      await expect(readQueryStream(bodyOf(events, dialect), { dialect })).resolves.toEqual({
        answer: 'A 100% answer\n',
        sources: [source],
        conversationId: 'c',
        visitorId: 'v',
      });
    }
  });

  it('rejects with the stream error code', async () => {
    const error = await readQueryStream(
      bodyOf([
        { type: 'answer', text: 'x' },
        { type: 'error', code: 'USAGE_LIMIT', message: 'Quota' },
      ]),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: 'USAGE_LIMIT', message: 'Quota' });
  });

  it('rejects a recorded stream whose endpoint_response is not valid JSON', async () => {
    const body = new Response(
      'event: answer\ndata: Hi\n\nevent: endpoint_response\ndata: {"sources":[\n\ndata: [DONE]\n\n',
    ).body!;
    await expect(readQueryStream(body)).rejects.toMatchObject({
      name: 'ProtocolError',
      code: 'INVALID_STREAM',
      message: expect.stringMatching(
        /^The final endpoint_response of the stream is not valid JSON/,
      ),
    });
  });

  it('rejects a stream that ends without [DONE]', async () => {
    await expect(readQueryStream(bodyOf([{ type: 'answer', text: 'x' }]))).rejects.toMatchObject({
      code: 'STREAM_INTERRUPTED',
    });
  });
});

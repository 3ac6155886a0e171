import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseDecoder } from './sse-decoder.js';
import { createSseEncoder } from './sse-encoder.js';
import { createSseRelayDecoder } from './sse-relay-decoder.js';
import type { SseDialect, StreamEvent } from './stream-event.js';
import { splitAt } from './testing/chunked.js';

const utf8 = new TextEncoder();
const text = new TextDecoder();
const encoder = createSseEncoder();

/** What the relay decoder reports: verbatim runs as text, events as they are. */
type Reported = { frames: string } | { event: StreamEvent };

function relay(chunks: readonly Uint8Array[], dialect: SseDialect = 'spec') {
  const reported: Reported[] = [];
  const decoder = createSseRelayDecoder(
    { dialect },
    {
      onAnswerFrames: (frames) => reported.push({ frames: text.decode(frames) }),
      onEvent: (event) => reported.push({ event }),
    },
  );
  for (const chunk of chunks) decoder.feed(chunk);
  decoder.end();
  return reported;
}

/** The events a relay forwards: the verbatim frames decoded again, in order with the rest. */
function eventsOf(reported: readonly Reported[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const item of reported) {
    if ('event' in item) {
      events.push(item.event);
      continue;
    }
    const decoder = createSseDecoder({ dialect: 'spec' }, (event) => events.push(event));
    decoder.feed(item.frames);
    // A verbatim run is whole frames: nothing is left for the end.
    expect(item.frames.endsWith('\n\n')).toBe(true);
  }
  return events;
}

function decodeAll(chunks: readonly Uint8Array[], dialect: SseDialect = 'spec'): StreamEvent[] {
  const events: StreamEvent[] = [];
  const decoder = createSseDecoder({ dialect }, (event) => events.push(event));
  for (const chunk of chunks) decoder.feed(chunk);
  decoder.end();
  return events;
}

const stream = (events: StreamEvent[]) => utf8.encode(events.map(encoder.encode).join(''));

const answerEvents: StreamEvent[] = [
  { type: 'answer', text: 'Grüße, ' },
  { type: 'answer', text: 'two\nlines 🎉' },
  { type: 'answer', text: '' },
  { type: 'heartbeat', comment: 'ping' },
  { type: 'answer', text: '  leading spaces and data: inside' },
  { type: 'endpoint_response', json: '{"conversationId":"c1","sources":[]}' },
  { type: 'done' },
];

describe('createSseRelayDecoder', () => {
  it('passes runs of encoded answer frames through as they are and decodes the rest', () => {
    const reported = relay([stream(answerEvents)]);
    expect(reported).toEqual([
      {
        frames:
          'event: answer\ndata: Grüße, \n\nevent: answer\ndata: two\ndata: lines 🎉\n\nevent: answer\ndata: \n\n',
      },
      { event: { type: 'heartbeat', comment: 'ping' } },
      { frames: 'event: answer\ndata:   leading spaces and data: inside\n\n' },
      { event: answerEvents[5] },
      { event: { type: 'done' } },
    ]);
  });

  it('reports the same events as the decoder when the stream is split at any byte', () => {
    const bytes = stream(answerEvents);
    for (let offset = 0; offset <= bytes.length; offset += 1) {
      const chunks = splitAt(bytes, [offset]);
      expect(eventsOf(relay(chunks)), `split at ${offset}`).toEqual(answerEvents);
    }
  });

  it('reports what the decoder reports for any events in any chunks (spec dialect)', () => {
    const event = fc.oneof(
      fc.record({ type: fc.constant('answer' as const), text: fc.string({ unit: 'grapheme' }) }),
      fc.record({ type: fc.constant('endpoint_response' as const), json: fc.json() }),
      fc.record({ type: fc.constant('heartbeat' as const), comment: fc.constantFrom('ping', 'x') }),
    );
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 12 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        (events, ends, cuts) => {
          const all: StreamEvent[] = ends ? [...events, { type: 'done' }] : events;
          const bytes = stream(all);
          const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          const chunks = splitAt(bytes, offsets);
          expect(eventsOf(relay(chunks))).toEqual(decodeAll(chunks));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('decodes answer frames not in the encoder form (no space, id or retry lines, other fields) instead of passing them', () => {
    const frames = [
      'event: answer\ndata:tight\n\n',
      'event: answer\nid: 7\ndata: with id\n\n',
      'event: answer\ndata: a\nretry: 1\n\n',
      'event: answer\n\n',
      'event:answer\ndata: no space in event\n\n',
      '\nevent: answer\ndata: after a stray blank line\n\n',
      'data: [DONE]\n\n',
    ].join('');
    const reported = relay([utf8.encode(frames)]);
    expect(reported.filter((item) => 'frames' in item)).toEqual([]);
    expect(reported.map((item) => ('event' in item ? item.event : item))).toEqual([
      { type: 'answer', text: 'tight' },
      { type: 'answer', text: 'with id' },
      { type: 'answer', text: 'a' },
      { type: 'answer', text: 'no space in event' },
      { type: 'answer', text: 'after a stray blank line' },
      { type: 'done' },
    ]);
  });

  it('hands the rest of a stream with CR line ends or a byte-order mark to the decoder', () => {
    const crlf = utf8.encode(
      'event: answer\ndata: first\n\nevent: answer\r\ndata: second\r\n\r\ndata: [DONE]\r\n\r\n',
    );
    for (let offset = 0; offset <= crlf.length; offset += 1) {
      expect(eventsOf(relay(splitAt(crlf, [offset]))), `split at ${offset}`).toEqual([
        { type: 'answer', text: 'first' },
        { type: 'answer', text: 'second' },
        { type: 'done' },
      ]);
    }
    const withBom = utf8.encode('\uFEFFevent: answer\ndata: hi\n\ndata: [DONE]\n\n');
    const reported = relay([withBom]);
    expect(reported).toEqual([
      { event: { type: 'answer', text: 'hi' } },
      { event: { type: 'done' } },
    ]);
  });

  it('never passes answer frames in the chaindesk dialect (their text is URL-encoded)', () => {
    const chaindesk = utf8.encode(
      'event: answer\ndata: 100%25%20sure\n\nevent: \ndata: [DONE]\n\n',
    );
    expect(relay([chaindesk], 'chaindesk')).toEqual([
      { event: { type: 'answer', text: '100% sure' } },
      { event: { type: 'done' } },
    ]);
  });

  it('ignores input after done, reports an interrupted stream at the end, and keeps a long frame', () => {
    expect(relay([utf8.encode('data: [DONE]\n\nevent: answer\ndata: late\n\n')])).toEqual([
      { event: { type: 'done' } },
    ]);
    const cut = relay([utf8.encode('event: answer\ndata: whole\n\nevent: answer\ndata: cu')]);
    expect(cut).toEqual([
      { frames: 'event: answer\ndata: whole\n\n' },
      { event: { type: 'answer', text: 'cu' } },
      { event: expect.objectContaining({ type: 'error', code: 'STREAM_INTERRUPTED' }) },
    ]);
    // A final answer of 200 kB in 1 kB chunks: handed to the decoder past 64 kB, still whole.
    const json = JSON.stringify({ answer: 'x'.repeat(200_000) });
    const bytes = stream([{ type: 'endpoint_response', json }, { type: 'done' }]);
    const offsets = Array.from(
      { length: Math.floor(bytes.length / 1024) },
      (_, i) => (i + 1) * 1024,
    );
    expect(relay(splitAt(bytes, offsets))).toEqual([
      { event: { type: 'endpoint_response', json } },
      { event: { type: 'done' } },
    ]);
  });

  it('ends with INVALID_STREAM when a frame outgrows the largest frame size', () => {
    const reported: StreamEvent[] = [];
    const decoder = createSseRelayDecoder(
      { maxFrameSize: 100_000 },
      { onAnswerFrames: () => {}, onEvent: (event) => reported.push(event) },
    );
    const piece = utf8.encode(`event: answer\ndata: ${'y'.repeat(30_000)}`);
    const more = utf8.encode('y'.repeat(30_000));
    decoder.feed(piece);
    for (let index = 0; index < 5; index += 1) decoder.feed(more);
    expect(reported).toEqual([expect.objectContaining({ type: 'error', code: 'INVALID_STREAM' })]);
    expect(decoder.finished).toBe(true);
  });
});

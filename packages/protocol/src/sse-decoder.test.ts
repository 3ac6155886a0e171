import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createSseDecoder, decodeSseStream, parseErrorPayload } from './sse-decoder.js';
import { createSseEncoder } from './sse-encoder.js';
import type { SseDialect, StreamEvent } from './stream-event.js';
import { nodeStreamOf, splitAt, webStreamOf } from './testing/chunked.js';

const utf8 = new TextEncoder();

function decodeChunks(chunks: readonly Uint8Array[], dialect: SseDialect = 'spec'): StreamEvent[] {
  const events: StreamEvent[] = [];
  const decoder = createSseDecoder({ dialect }, (event) => events.push(event));
  for (const chunk of chunks) decoder.feed(chunk);
  decoder.end();
  return events;
}

async function collect(
  source: Parameters<typeof decodeSseStream>[0],
  dialect: SseDialect = 'spec',
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of decodeSseStream(source, { dialect })) events.push(event);
  return events;
}

/** A recorded spec-dialect stream with CRLF line endings, multi-byte text and a comment. */
const recordedSpec = [
  ': ping\r\n\r\n',
  'event: answer\r\ndata: Grüße, \r\n\r\n',
  'event: answer\r\ndata: voilà 🎉\r\ndata: second line\r\n\r\n',
  'event: answer\r\ndata: 日本語\r\n\r\n',
  'event: endpoint_response\r\ndata: {"conversationId":"c1",\r\n\r\n',
  'event: endpoint_response\r\ndata: "visitorId":"v1","sources":[]}\r\n\r\n',
  'data: [DONE]\r\n\r\n',
].join('');

const recordedSpecEvents: StreamEvent[] = [
  { type: 'heartbeat', comment: 'ping' },
  { type: 'answer', text: 'Grüße, ' },
  { type: 'answer', text: 'voilà 🎉\nsecond line' },
  { type: 'answer', text: '日本語' },
  { type: 'endpoint_response', json: '{"conversationId":"c1",' },
  { type: 'endpoint_response', json: '"visitorId":"v1","sources":[]}' },
  { type: 'done' },
];

/** A recorded Chaindesk-dialect stream: URL-encoded payloads, empty frame, tool_call, `event: `. */
const recordedChaindesk = [
  'event: answer\ndata: \n\n',
  'event: answer\ndata: 100%25%20sure%3A%0Aline%20two\n\n',
  'event: tool_call\ndata: %7B%22name%22%3A%22search%22%7D\n\n',
  'event: answer\ndata: %20%F0%9F%98%80%20caf%C3%A9\n\n',
  'event: endpoint_response\ndata: %7B%22answer%22%3A%22x%22%2C%22sources%22%3A%5B%5D%7D\n\n',
  'event: \ndata: [DONE]\n\n',
].join('');

const recordedChaindeskEvents: StreamEvent[] = [
  { type: 'answer', text: '' },
  { type: 'answer', text: '100% sure:\nline two' },
  { type: 'answer', text: ' 😀 café' },
  { type: 'endpoint_response', json: '{"answer":"x","sources":[]}' },
  { type: 'done' },
];

/** The same kind of stream with lone-CR line endings, which SSE allows too. */
const recordedSpecCr = [
  ': ping\r\r',
  'event: answer\rdata: Grüße 🎉\rdata: two\r\r',
  'event: endpoint_response\rdata: {"sources":[]}\r\r',
  'data: [DONE]\r\r',
].join('');

const recordedSpecCrEvents: StreamEvent[] = [
  { type: 'heartbeat', comment: 'ping' },
  { type: 'answer', text: 'Grüße 🎉\ntwo' },
  { type: 'endpoint_response', json: '{"sources":[]}' },
  { type: 'done' },
];

/** Every way of cutting `bytes` in two. */
function everySplit(bytes: Uint8Array): Uint8Array[][] {
  return Array.from({ length: bytes.length + 1 }, (_, offset) => splitAt(bytes, [offset]));
}

describe('createSseDecoder', () => {
  it('decodes a recorded spec stream', () => {
    expect(decodeChunks([utf8.encode(recordedSpec)])).toEqual(recordedSpecEvents);
  });

  it('decodes a recorded chaindesk stream (%0A, %25, emoji, tool_call ignored)', () => {
    expect(decodeChunks([utf8.encode(recordedChaindesk)], 'chaindesk')).toEqual(
      recordedChaindeskEvents,
    );
  });

  it.each([
    ['spec', recordedSpec, recordedSpecEvents],
    ['chaindesk', recordedChaindesk, recordedChaindeskEvents],
  ] as const)(
    'gives the same events when the %s stream is split at any byte position',
    (dialect, text, expected) => {
      const bytes = utf8.encode(text);
      for (let offset = 0; offset <= bytes.length; offset++) {
        expect(decodeChunks(splitAt(bytes, [offset]), dialect), `split at ${offset}`).toEqual(
          expected,
        );
      }
    },
  );

  it('reads lone-CR line endings, split at any byte position', () => {
    const bytes = utf8.encode(recordedSpecCr);
    for (const [offset, chunks] of everySplit(bytes).entries()) {
      expect(decodeChunks(chunks), `split at ${offset}`).toEqual(recordedSpecCrEvents);
    }
  });

  it('gives the same events when split into three pieces at every pair of positions', () => {
    const bytes = utf8.encode(recordedSpec);
    for (let first = 0; first <= bytes.length; first += 3) {
      for (let second = first; second <= bytes.length; second += 5) {
        expect(
          decodeChunks(splitAt(bytes, [first, second])),
          `split at ${first},${second}`,
        ).toEqual(recordedSpecEvents);
      }
    }
  });

  it('gives the same events when fed one byte at a time', () => {
    const bytes = utf8.encode(recordedSpec);
    const chunks = Array.from(bytes, (_, index) => bytes.subarray(index, index + 1));
    expect(decodeChunks(chunks)).toEqual(recordedSpecEvents);
  });

  it('reports an error mid-stream and ignores anything after it', () => {
    const text =
      'event: answer\ndata: partial\n\ndata: [ERROR]UPSTREAM_ERROR: model crashed\n\nevent: answer\ndata: late\n\ndata: [DONE]\n\n';
    expect(decodeChunks([utf8.encode(text)])).toEqual([
      { type: 'answer', text: 'partial' },
      { type: 'error', code: 'UPSTREAM_ERROR', message: 'model crashed' },
    ]);
  });

  it('reads chaindesk bare [ERROR] codes with a plain-words message', () => {
    const text = 'event: answer\ndata: a\n\ndata: [ERROR]USAGE_LIMIT\n\n';
    expect(decodeChunks([utf8.encode(text)], 'chaindesk')).toEqual([
      { type: 'answer', text: 'a' },
      {
        type: 'error',
        code: 'USAGE_LIMIT',
        message: 'The usage limit of this agent has been reached.',
      },
    ]);
  });

  it('reports a stream that ends without [DONE] as interrupted, not as success', () => {
    const events = decodeChunks([utf8.encode('event: answer\ndata: half an ans')]);
    expect(events).toEqual([
      { type: 'answer', text: 'half an ans' },
      {
        type: 'error',
        code: 'STREAM_INTERRUPTED',
        message: 'The stream ended before the answer was complete.',
      },
    ]);
    expect(decodeChunks([])).toEqual([
      expect.objectContaining({ type: 'error', code: 'STREAM_INTERRUPTED' }),
    ]);
  });

  it('accepts a final [DONE] frame that lacks its blank line', () => {
    expect(decodeChunks([utf8.encode('event: answer\ndata: a\n\ndata: [DONE]')])).toEqual([
      { type: 'answer', text: 'a' },
      { type: 'done' },
    ]);
  });

  it('ignores unknown events even when their data looks like [DONE] or [ERROR]', () => {
    const text =
      'event: tool_call\ndata: [DONE]\n\nevent: tool_call\ndata: [ERROR]X\n\nevent: answer\ndata: a\n\ndata: [DONE]\n\n';
    expect(decodeChunks([utf8.encode(text)], 'chaindesk')).toEqual([
      { type: 'answer', text: 'a' },
      { type: 'done' },
    ]);
  });

  it('treats [DONE] inside an answer event as text', () => {
    expect(decodeChunks([utf8.encode('event: answer\ndata: [DONE]\n\ndata: [DONE]\n\n')])).toEqual([
      { type: 'answer', text: '[DONE]' },
      { type: 'done' },
    ]);
  });

  it('keeps a chaindesk payload that is not valid percent-encoding as raw text', () => {
    expect(
      decodeChunks(
        [utf8.encode('event: answer\ndata: 100% raw\n\nevent: \ndata: [DONE]\n\n')],
        'chaindesk',
      ),
    ).toEqual([{ type: 'answer', text: '100% raw' }, { type: 'done' }]);
  });

  it('abandons a stream whose frame exceeds the maximum size', () => {
    const events: StreamEvent[] = [];
    const decoder = createSseDecoder({ maxFrameSize: 1024 }, (event) => events.push(event));
    decoder.feed(`event: answer\ndata: ${'x'.repeat(4096)}`);
    decoder.end();
    expect(events).toEqual([expect.objectContaining({ type: 'error', code: 'INVALID_STREAM' })]);
  });
});

describe('round trip encoder → decoder', () => {
  const events: StreamEvent[] = [
    { type: 'heartbeat', comment: 'ping' },
    { type: 'answer', text: 'Line one\nLine two with 🎉 and 100% of «quotes»' },
    { type: 'answer', text: '' },
    { type: 'answer', text: ' leading space, trailing newline\n' },
    { type: 'answer', text: 'data: not a field\nevent: nope' },
    { type: 'endpoint_response', json: JSON.stringify({ conversationId: 'c', sources: [] }) },
    { type: 'done' },
  ];

  it.each(['spec', 'chaindesk'] as const)('preserves every event in the %s dialect', (dialect) => {
    const encoder = createSseEncoder({ dialect });
    const bytes = utf8.encode(events.map((event) => encoder.encode(event)).join(''));
    for (let offset = 0; offset <= bytes.length; offset += 7) {
      expect(decodeChunks(splitAt(bytes, [offset]), dialect)).toEqual(events);
    }
  });

  it('round-trips an error frame', () => {
    const encoder = createSseEncoder();
    const text = encoder.encode({ type: 'error', code: 'RATE_LIMITED', message: 'Slow: down' });
    expect(decodeChunks([utf8.encode(text)])).toEqual([
      { type: 'error', code: 'RATE_LIMITED', message: 'Slow: down' },
    ]);
  });

  /** Texts that would end the field or frame early, or forge one, if written raw. */
  const hostileTexts = [
    'one\rtwo',
    'one\r\rdata: [DONE]\r\r',
    'one\n\ndata: [DONE]\n\n',
    'one\r\n\r\ndata: [ERROR]FORGED\r\n\r\n',
    '\r',
    '\n\r',
    'ends with CR\r',
    ': not a comment\nevent: endpoint_response\ndata: {}',
    'émoji 🎉\r\nafter',
  ];

  it.each(['spec', 'chaindesk'] as const)(
    'never lets CR or LF in text break or forge a frame (%s)',
    (dialect) => {
      const encoder = createSseEncoder({ dialect });
      for (const text of hostileTexts) {
        const frames = encoder.encode({ type: 'answer', text }) + encoder.encode({ type: 'done' });
        // SSE cannot carry a CR: the spec dialect gives every line break back as LF.
        const expected = dialect === 'spec' ? text.replace(/\r\n|\r/g, '\n') : text;
        for (const [offset, chunks] of everySplit(utf8.encode(frames)).entries()) {
          expect(
            decodeChunks(chunks, dialect),
            `${JSON.stringify(text)} split at ${offset}`,
          ).toEqual([{ type: 'answer', text: expected }, { type: 'done' }]);
        }
      }
    },
  );

  it('never lets CR or LF in an error code or message break the error frame', () => {
    const encoder = createSseEncoder();
    const frame = encoder.encode({
      type: 'error',
      code: 'usage limit\r\n',
      message: 'line one\rdata: [DONE]\r\rline two',
    });
    expect(decodeChunks([utf8.encode(`${frame}data: [DONE]\n\n`)])).toEqual([
      { type: 'error', code: 'USAGE_LIMIT', message: 'line one data: [DONE] line two' },
    ]);
  });
});

describe('decodeSseStream', () => {
  const recorded = [
    ['spec', recordedSpec, recordedSpecEvents],
    ['chaindesk', recordedChaindesk, recordedChaindeskEvents],
  ] as const;

  it.each(recorded)(
    'reads a %s Web ReadableStream split at any byte position',
    async (dialect, text, expected) => {
      for (const [offset, chunks] of everySplit(utf8.encode(text)).entries()) {
        expect(await collect(webStreamOf(chunks), dialect), `split at ${offset}`).toEqual(expected);
      }
    },
  );

  it.each(recorded)(
    'reads a %s Node Readable split at any byte position',
    async (dialect, text, expected) => {
      for (const [offset, chunks] of everySplit(utf8.encode(text)).entries()) {
        expect(await collect(nodeStreamOf(chunks), dialect), `split at ${offset}`).toEqual(
          expected,
        );
      }
    },
  );

  it('reads Web and Node streams that deliver one byte per chunk', async () => {
    const bytes = utf8.encode(recordedSpec);
    const chunks = Array.from(bytes, (_, index) => bytes.subarray(index, index + 1));
    expect(await collect(webStreamOf(chunks))).toEqual(recordedSpecEvents);
    expect(await collect(nodeStreamOf(chunks))).toEqual(recordedSpecEvents);
  });

  it('reads a Node Readable that yields strings (setEncoding)', async () => {
    const stream = nodeStreamOf(splitAt(utf8.encode(recordedSpec), [30, 31, 32, 33]));
    stream.setEncoding('utf8');
    expect(await collect(stream)).toEqual(recordedSpecEvents);
  });

  it('turns a Node stream failure into a STREAM_INTERRUPTED error event', async () => {
    const failing = new Readable({ read() {} });
    failing.push(utf8.encode('event: answer\ndata: partial\n\n'));
    const events: StreamEvent[] = [];
    for await (const event of decodeSseStream(failing)) {
      events.push(event);
      // The connection drops once the first fragment has been read.
      if (events.length === 1) failing.destroy(new Error('ECONNRESET'));
    }
    expect(events).toEqual([
      { type: 'answer', text: 'partial' },
      {
        type: 'error',
        code: 'STREAM_INTERRUPTED',
        message: 'The connection was lost before the answer was complete (ECONNRESET).',
      },
    ]);
  });

  it('destroys a Node source when the consumer stops early', async () => {
    const endless = new Readable({
      read() {
        this.push(utf8.encode('event: answer\ndata: more\n\n'));
      },
    });
    for await (const event of decodeSseStream(endless)) {
      expect(event.type).toBe('answer');
      break;
    }
    expect(endless.destroyed).toBe(true);
  });

  it('turns a read failure into a STREAM_INTERRUPTED error event', async () => {
    let sent = false;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(utf8.encode('event: answer\ndata: partial\n\n'));
        } else {
          controller.error(new Error('socket hang up'));
        }
      },
    });
    const events = await collect(failing);
    expect(events[0]).toEqual({ type: 'answer', text: 'partial' });
    expect(events[1]).toMatchObject({ type: 'error', code: 'STREAM_INTERRUPTED' });
    expect((events[1] as { message: string }).message).toContain('socket hang up');
    expect(events).toHaveLength(2);
  });

  it('cancels the source when the consumer stops early', async () => {
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(utf8.encode('event: answer\ndata: more\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of decodeSseStream(endless)) {
      expect(event.type).toBe('answer');
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('stops reading after [DONE]', async () => {
    let pulls = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(
          utf8.encode(pulls === 1 ? 'data: [DONE]\n\n' : 'event: answer\ndata: x\n\n'),
        );
      },
    });
    expect(await collect(source)).toEqual([{ type: 'done' }]);
    expect(pulls).toBeLessThanOrEqual(2);
  });
});

describe('parseErrorPayload', () => {
  it('splits CODE: message', () => {
    expect(parseErrorPayload('NOT_FOUND: Agent x not found')).toEqual({
      code: 'NOT_FOUND',
      message: 'Agent x not found',
    });
  });

  it('keeps an unstructured message under UPSTREAM_ERROR', () => {
    expect(parseErrorPayload('Something broke badly')).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'Something broke badly',
    });
  });

  it('fills a message for a bare unknown code', () => {
    expect(parseErrorPayload('WEIRD_CODE')).toEqual({
      code: 'WEIRD_CODE',
      message: 'The agent service reported WEIRD_CODE.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser.js';

function parse(chunks: string[], maxBufferSize = 1_000) {
  const events: SseMessage[] = [];
  const comments: string[] = [];
  let overflows = 0;
  const parser = createSseParser({
    onEvent: (event) => events.push(event),
    onComment: (comment) => comments.push(comment),
    maxBufferSize,
    onOverflow: () => overflows++,
  });
  for (const chunk of chunks) parser.feed(chunk);
  return { events, comments, overflows };
}

describe('createSseParser', () => {
  it('joins data lines, names events, drops one leading space and ignores id and retry', () => {
    const { events, comments } = parse([
      ':  ping\nid: 7\nretry: 10\nevent: answer\ndata:a\ndata:  b\n\ndata\n\nevent: x\n\n',
    ]);
    expect(events).toEqual([
      { event: 'answer', data: 'a\n b' },
      { event: undefined, data: '' },
    ]);
    expect(comments).toEqual([' ping']);
  });

  it('drops a leading BOM once, and waits for the LF after a CR that ends a chunk', () => {
    const { events } = parse(['\uFEFFdata: 1\r', '\n\r', '\ndata: \uFEFF2\r\r', 'data: 3\n\n']);
    expect(events).toEqual([
      { event: undefined, data: '1' },
      { event: undefined, data: '\uFEFF2' },
      { event: undefined, data: '3' },
    ]);
  });

  it('stops at the first unfinished frame longer than the buffer, once', () => {
    const { events, overflows } = parse(
      ['data: ok\n\ndata: 12345', '6789\n', 'data: more\n\n'],
      10,
    );
    expect(events).toEqual([{ event: undefined, data: 'ok' }]);
    expect(overflows).toBe(1);
  });
});

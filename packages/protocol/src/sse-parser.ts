/** One dispatched server-sent event: its `event:` name (absent: a `message`) and joined `data:` lines. */
export interface SseMessage {
  event?: string | undefined;
  data: string;
}

/** Callbacks and limits of {@link createSseParser}. */
export interface SseParserOptions {
  onEvent: (message: SseMessage) => void;
  /** A comment line (`: ping`), without its colon and one leading space. */
  onComment?: (comment: string) => void;
  /** An unfinished line plus the data of an undispatched event longer than this, in characters: `onOverflow`, and the parser stops. */
  maxBufferSize: number;
  onOverflow: () => void;
}

/** A push parser of the `text/event-stream` format: feed it decoded text as it arrives. */
export interface SseParser {
  feed(text: string): void;
}

// A line ends at CRLF, LF or CR; a CR last in the buffer waits for a possible LF.
const LINE_END = /\r\n|\n|\r(?!$)/g;

/**
 * Creates a parser of the `text/event-stream` format (WHATWG HTML, "Parsing an event
 * stream"): lines end with CRLF, LF or CR, a leading BOM is dropped, `data:` lines join with
 * LF, a blank line dispatches, `:` starts a comment; `id:` and `retry:` are read and ignored
 * (the widget and the BFF never reconnect by themselves). The widget's bundle carries this
 * instead of a general-purpose library.
 *
 * @example
 * const parser = createSseParser({ onEvent: console.log, maxBufferSize: 1 << 20, onOverflow });
 * parser.feed('event: answer\ndata: Hi\n\n');
 */
export function createSseParser(options: SseParserOptions): SseParser {
  let pending = '';
  let first = true;
  let stopped = false;
  let eventName: string | undefined;
  let data: string | undefined;

  const line = (text: string): void => {
    if (text === '') {
      if (data !== undefined) options.onEvent({ event: eventName, data });
      eventName = undefined;
      data = undefined;
      return;
    }
    const colon = text.indexOf(':');
    if (colon === 0) {
      options.onComment?.(text.slice(text.charCodeAt(1) === 32 ? 2 : 1));
      return;
    }
    const field = colon < 0 ? text : text.slice(0, colon);
    const value =
      colon < 0 ? '' : text.slice(text.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
    if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
    else if (field === 'event') eventName = value || undefined;
  };

  return {
    feed(text) {
      if (stopped) return;
      let input = pending + text;
      if (first && input !== '') {
        first = false;
        if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
      }
      let start = 0;
      LINE_END.lastIndex = 0;
      for (let end = LINE_END.exec(input); end; end = LINE_END.exec(input)) {
        line(input.slice(start, end.index));
        start = LINE_END.lastIndex;
      }
      pending = input.slice(start);
      if (pending.length + (data?.length ?? 0) > options.maxBufferSize) {
        stopped = true;
        pending = '';
        data = undefined;
        options.onOverflow();
      }
    },
  };
}

import {
  ERROR_CODE_INVALID_STREAM,
  ERROR_CODE_NOT_FOUND,
  ERROR_CODE_STREAM_INTERRUPTED,
  ERROR_CODE_UPSTREAM_ERROR,
  ERROR_CODE_USAGE_LIMIT,
} from './error-codes.js';
import { createSseParser, type SseMessage } from './sse-parser.js';
import type { SseDialect, StreamEvent } from './stream-event.js';

/** Options of {@link createSseDecoder} and {@link decodeSseStream}. */
export interface SseDecoderOptions {
  /** Wire dialect to read. Default `spec`. */
  dialect?: SseDialect;
  /**
   * Largest pending (undispatched) frame in characters. A stream that exceeds it ends with
   * an `INVALID_STREAM` error instead of growing memory without bound. Default 8 MiB.
   */
  maxFrameSize?: number;
}

/** A push decoder: feed it bytes or text, it calls `onEvent` with typed events. */
export interface SseDecoder {
  /** Decodes the next chunk. Chunks may split anywhere, even inside a UTF-8 character. */
  feed(chunk: Uint8Array | string): void;
  /**
   * Signals the end of input. A stream that ended without `[DONE]` or `[ERROR]` produces
   * a `STREAM_INTERRUPTED` error event: a truncated answer is never reported as success.
   */
  end(): void;
  /** True once a `done` or `error` event was emitted; later input is ignored. */
  readonly finished: boolean;
}

const DONE = '[DONE]';
const ERROR_PREFIX = '[ERROR]';
const errorCodePattern = /^([A-Z][A-Z0-9_]*)(?::\s*([\s\S]*))?$/;

/** Plain-words defaults for error codes that arrive without a message (Chaindesk sends bare codes). */
const defaultErrorMessages: Record<string, string> = {
  [ERROR_CODE_USAGE_LIMIT]: 'The usage limit of this agent has been reached.',
  [ERROR_CODE_NOT_FOUND]: 'The agent was not found.',
  UNAUTHORIZED: 'The agent service rejected the credentials.',
};

/** Splits an `[ERROR]` payload into a code and a message. */
export function parseErrorPayload(payload: string): { code: string; message: string } {
  const match = errorCodePattern.exec(payload.trim());
  if (match?.[1]) {
    const code = match[1];
    const message =
      match[2]?.trim() || defaultErrorMessages[code] || `The agent service reported ${code}.`;
    return { code, message };
  }
  return {
    code: ERROR_CODE_UPSTREAM_ERROR,
    message: payload.trim() || 'The agent service reported an error.',
  };
}

function decodePayload(data: string, dialect: SseDialect): string {
  if (dialect !== 'chaindesk') return data;
  try {
    return decodeURIComponent(data);
  } catch {
    // A payload that is not valid percent-encoding was sent raw: keep it rather than lose text.
    return data;
  }
}

/**
 * Creates a push decoder of query streams, built on {@link createSseParser}.
 *
 * Handles both dialects: `spec` (plain `data:` lines) and `chaindesk` (URL-encoded
 * payloads, an empty `event:` before `[DONE]`, bare `data: [ERROR]<CODE>`). Unknown
 * events (such as Chaindesk's `tool_call`) are ignored. Comments become `heartbeat` events.
 *
 * @example
 * const decoder = createSseDecoder({ dialect: 'chaindesk' }, (event) => console.log(event));
 * decoder.feed(bytes);
 * decoder.end();
 */
export function createSseDecoder(
  options: SseDecoderOptions,
  onEvent: (event: StreamEvent) => void,
): SseDecoder {
  const dialect = options.dialect ?? 'spec';
  // Created at the first byte chunk: a caller that feeds text (e.g. a Node stream with
  // `setEncoding('utf8')`) never pays for one.
  let textDecoder: InstanceType<typeof TextDecoder> | undefined;
  let finished = false;

  const emit = (event: StreamEvent): void => {
    if (finished) return;
    if (event.type === 'done' || event.type === 'error') finished = true;
    onEvent(event);
  };

  const onMessage = (message: SseMessage): void => {
    const name = message.event ?? '';
    if (name === 'answer') {
      emit({ type: 'answer', text: decodePayload(message.data, dialect) });
      return;
    }
    if (name === 'endpoint_response') {
      emit({ type: 'endpoint_response', json: decodePayload(message.data, dialect) });
      return;
    }
    if (name !== '' && name !== 'message') return; // unknown events, e.g. `tool_call`
    if (message.data === DONE) {
      emit({ type: 'done' });
    } else if (message.data.startsWith(ERROR_PREFIX)) {
      emit({ type: 'error', ...parseErrorPayload(message.data.slice(ERROR_PREFIX.length)) });
    }
  };

  const parser = createSseParser({
    maxBufferSize: options.maxFrameSize ?? 8 * 1024 * 1024,
    onEvent: onMessage,
    onComment: (comment) => emit({ type: 'heartbeat', comment: comment.trim() }),
    onOverflow: () =>
      emit({
        type: 'error',
        code: ERROR_CODE_INVALID_STREAM,
        message: 'A stream frame exceeded the maximum frame size; the stream was abandoned.',
      }),
  });

  return {
    feed(chunk) {
      if (finished) return;
      if (typeof chunk === 'string') {
        parser.feed(chunk);
        return;
      }
      textDecoder ??= new TextDecoder('utf-8');
      parser.feed(textDecoder.decode(chunk, { stream: true }));
    },
    end() {
      if (finished) return;
      const rest = textDecoder?.decode() ?? '';
      // A final frame without its blank line still counts: only a complete `[DONE]` can succeed.
      parser.feed(`${rest}\n\n`);
      emit({
        type: 'error',
        code: ERROR_CODE_STREAM_INTERRUPTED,
        message: 'The stream ended before the answer was complete.',
      });
    },
    get finished() {
      return finished;
    },
  };
}

/** A byte source: a Web `ReadableStream`, a Node `Readable`, or any async iterable of chunks. */
export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

async function* chunksOf(source: ByteSource): AsyncGenerator<Uint8Array | string> {
  if ('getReader' in source) {
    const reader = source.getReader();
    try {
      while (true) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  } else {
    yield* source;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Decodes a byte stream into typed events, ending after the first `done` or `error`.
 * A stream that ends early or fails to read yields a `STREAM_INTERRUPTED` error event
 * (errors are data inside a stream). Leaving the loop early cancels the source.
 *
 * @example
 * const res = await fetch(url, { method: 'POST', body });
 * for await (const event of decodeSseStream(res.body!)) { ... }
 */
export async function* decodeSseStream(
  source: ByteSource,
  options: SseDecoderOptions = {},
): AsyncGenerator<StreamEvent, void, undefined> {
  const pending: StreamEvent[] = [];
  const decoder = createSseDecoder(options, (event) => pending.push(event));
  const chunks = chunksOf(source);
  try {
    for await (const chunk of chunks) {
      decoder.feed(chunk);
      while (pending.length > 0) yield pending.shift()!;
      if (decoder.finished) return;
    }
    decoder.end();
  } catch (error) {
    if (!decoder.finished) {
      pending.push({
        type: 'error',
        code: ERROR_CODE_STREAM_INTERRUPTED,
        message: `The connection was lost before the answer was complete (${describe(error)}).`,
      });
    }
  } finally {
    await chunks.return(undefined);
  }
  while (pending.length > 0) yield pending.shift()!;
}

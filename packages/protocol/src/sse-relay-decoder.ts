import { createSseDecoder, type SseDecoderOptions } from './sse-decoder.js';
import type { StreamEvent } from './stream-event.js';

/** What {@link createSseRelayDecoder} reports, in stream order. */
export interface SseRelayHandlers {
  /**
   * One or more whole `answer` frames, back to back, exactly as the spec encoder writes them
   * (so the bytes can be forwarded as they are): `event: answer`, then only `data: ` lines,
   * LF line ends, a blank line.
   */
  onAnswerFrames(frames: Uint8Array): void;
  /** Every other event (and, in the `chaindesk` dialect, answers too), decoded. */
  onEvent(event: StreamEvent): void;
}

/** A push decoder for relays: feed it the upstream's bytes. */
export interface SseRelayDecoder {
  /** Decodes the next chunk; chunks may split anywhere. */
  feed(chunk: Uint8Array): void;
  /** Signals the end of input (see {@link SseDecoder.end}). */
  end(): void;
  /** True once a `done` or `error` event was reported; later input is ignored. */
  readonly finished: boolean;
}

const LF = 0x0a;
const CR = 0x0d;
const BOM_FIRST_BYTE = 0xef;
/**
 * Longest unfinished frame kept here, bytes; a longer one (a final answer with many sources
 * arriving in small chunks) and the rest of the stream go to the decoder, which joins text
 * more cheaply than bytes are copied here.
 */
const MAX_PENDING_BYTES = 64 * 1024;
const answerHead = new TextEncoder().encode('event: answer\n');
const dataField = new TextEncoder().encode('data: ');

function startsWith(bytes: Uint8Array, at: number, prefix: Uint8Array): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let index = 0; index < prefix.length; index += 1) {
    if (bytes[at + index] !== prefix[index]) return false;
  }
  return true;
}

/**
 * Whether `bytes[start, end)` (a frame ending with its blank line) is an answer frame in the
 * encoder's own form: `event: answer\n`, at least one line, every line `data: …\n`. Such a
 * frame re-encodes to the same bytes, so relaying it as it came is relaying the event.
 */
function isCanonicalAnswer(bytes: Uint8Array, start: number, end: number): boolean {
  if (!startsWith(bytes, start, answerHead)) return false;
  let line = start + answerHead.length;
  const blank = end - 1;
  if (line >= blank) return false;
  while (line < blank) {
    if (!startsWith(bytes, line, dataField)) return false;
    line = bytes.indexOf(LF, line + dataField.length) + 1;
  }
  return true;
}

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first, 0);
  joined.set(second, first.length);
  return joined;
}

/**
 * A query-stream decoder for relays (the BFF), built on {@link createSseDecoder}: what it
 * reads is what that decoder reads, but in the `spec` dialect the answer fragments, nearly
 * every frame of a stream, are not decoded and re-encoded: runs of whole answer frames in
 * the encoder's own form come out as bytes (`onAnswerFrames`) to forward as they are. Any
 * other frame goes through the decoder (`onEvent`), and so does the rest of a stream once
 * it holds a CR or starts with a byte-order mark (neither of which the encoder writes) or an
 * unfinished frame grows past 64 kB. The largest frame is bounded as in the decoder.
 *
 * @example
 * const decoder = createSseRelayDecoder({}, { onAnswerFrames: forward, onEvent: handle });
 * upstream.on('data', (chunk) => decoder.feed(chunk));
 */
export function createSseRelayDecoder(
  options: SseDecoderOptions,
  handlers: SseRelayHandlers,
): SseRelayDecoder {
  const decoder = createSseDecoder(options, handlers.onEvent);
  // Frames are split here until something non-canonical shows up; then the decoder reads the rest.
  let splitting = (options.dialect ?? 'spec') === 'spec';
  let pending: Uint8Array | undefined;
  let first = true;

  const handOver = (input: Uint8Array): void => {
    splitting = false;
    pending = undefined;
    decoder.feed(input);
  };

  const split = (input: Uint8Array): void => {
    let start = 0;
    // The run of canonical answer frames not yet reported: [runStart, start).
    let runStart = 0;
    for (
      let newline = input.indexOf(LF);
      newline !== -1;
      newline = input.indexOf(LF, newline + 1)
    ) {
      if (input[newline + 1] !== LF) continue;
      const end = newline + 2;
      if (!isCanonicalAnswer(input, start, end)) {
        if (runStart < start) handlers.onAnswerFrames(input.subarray(runStart, start));
        decoder.feed(input.subarray(start, end));
        if (decoder.finished) return;
        runStart = end;
      }
      start = end;
      newline = end - 1;
    }
    if (runStart < start) handlers.onAnswerFrames(input.subarray(runStart, start));
    if (start === input.length) return;
    if (input.length - start > MAX_PENDING_BYTES) handOver(input.subarray(start));
    else pending = input.slice(start);
  };

  return {
    feed(chunk) {
      if (decoder.finished) return;
      if (!splitting) {
        decoder.feed(chunk);
        return;
      }
      const input = pending ? concat(pending, chunk) : chunk;
      pending = undefined;
      if (first && input.length > 0) {
        first = false;
        if (input[0] === BOM_FIRST_BYTE) {
          handOver(input);
          return;
        }
      }
      if (input.indexOf(CR) !== -1) {
        handOver(input);
        return;
      }
      split(input);
    },
    end() {
      if (pending) handOver(pending);
      decoder.end();
    },
    get finished() {
      return decoder.finished;
    },
  };
}

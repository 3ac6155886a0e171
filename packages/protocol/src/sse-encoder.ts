import { ERROR_CODES } from './error-codes.js';
import type { ChatCompletionStreamEvent } from './openai.js';
import type { SseDialect, StreamEvent } from './stream-event.js';

/** Options of {@link createSseEncoder}. */
export interface SseEncoderOptions {
  /** Wire dialect to produce. Default `spec` (what browsers of this project read). */
  dialect?: SseDialect;
}

/** Turns typed stream events into SSE frames. */
export interface SseEncoder {
  /**
   * The frame for one event, ending with the blank line that dispatches it. No text can
   * end a frame early: in the `spec` dialect every line of a payload gets its own `data:`
   * line (so CR, LF and CRLF inside text all come back as LF, as SSE cannot carry a CR),
   * and error codes, messages and comments are kept to one line.
   */
  encode(event: StreamEvent): string;
}

const lineBreak = /\r\n|\r|\n/;

function dataLines(payload: string): string {
  // Most fragments are one line: no split, no arrays.
  if (payload.indexOf('\n') === -1 && payload.indexOf('\r') === -1) return `data: ${payload}\n`;
  // Every line of the payload gets its own `data:` field, so no CR or LF inside the text
  // can end the field or the frame early; the decoder joins them back with `\n`.
  return payload
    .split(lineBreak)
    .map((line) => `data: ${line}\n`)
    .join('');
}

function singleLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/**
 * The code of an error frame as the decoder reads it back: `[A-Z][A-Z0-9_]*`. Anything
 * else (`usage-limit`, `bad code: x`, a line break) would be read as part of the message
 * under another code, so it is normalised here; an empty code becomes `INTERNAL`.
 */
function errorCode(code: string): string {
  const normalized = code
    .toUpperCase()
    .replace(/[^A-Z0-9_]+/g, '_')
    .replace(/^[^A-Z]+|_+$/g, '');
  return normalized || ERROR_CODES.internal;
}

function encodeSpec(event: StreamEvent): string {
  switch (event.type) {
    case 'answer':
      return `event: answer\n${dataLines(event.text)}\n`;
    case 'endpoint_response':
      return `event: endpoint_response\n${dataLines(event.json)}\n`;
    case 'done':
      return 'data: [DONE]\n\n';
    case 'error': {
      const message = singleLine(event.message);
      return `data: [ERROR]${errorCode(event.code)}${message ? `: ${message}` : ''}\n\n`;
    }
    case 'heartbeat':
      return `: ${singleLine(event.comment ?? 'ping')}\n\n`;
  }
}

function encodeChaindesk(event: StreamEvent): string {
  switch (event.type) {
    case 'answer':
      return `event: answer\ndata: ${encodeURIComponent(event.text)}\n\n`;
    case 'endpoint_response':
      return `event: endpoint_response\ndata: ${encodeURIComponent(event.json)}\n\n`;
    case 'done':
      return 'event: \ndata: [DONE]\n\n';
    case 'error':
      return `data: [ERROR]${errorCode(event.code)}\n\n`;
    case 'heartbeat':
      return `: ${singleLine(event.comment ?? 'ping')}\n\n`;
  }
}

/**
 * Creates an encoder of query-stream events.
 *
 * @example
 * const encoder = createSseEncoder();
 * res.write(encoder.encode({ type: 'answer', text: 'Hello\nworld' }));
 * // "event: answer\ndata: Hello\ndata: world\n\n"
 */
export function createSseEncoder(options: SseEncoderOptions = {}): SseEncoder {
  const encode = options.dialect === 'chaindesk' ? encodeChaindesk : encodeSpec;
  return { encode };
}

/**
 * The frame of one event of an OpenAI-compatible completion stream (`/v1/chat/completions`
 * with `stream: true`), in OpenAI's own SSE format: each chunk, and an error, as one
 * `data: <JSON>` line (JSON has no raw line breaks), then `data: [DONE]`; heartbeats are
 * comment lines, which OpenAI's clients skip.
 *
 * @example
 * encodeChatCompletionEvent({ type: 'done' }); // "data: [DONE]\n\n"
 */
export function encodeChatCompletionEvent(event: ChatCompletionStreamEvent): string {
  switch (event.type) {
    case 'chunk':
      return `data: ${JSON.stringify(event.chunk)}\n\n`;
    case 'error':
      return `data: ${JSON.stringify(event.body)}\n\n`;
    case 'done':
      return 'data: [DONE]\n\n';
    case 'heartbeat':
      return ': ping\n\n';
  }
}

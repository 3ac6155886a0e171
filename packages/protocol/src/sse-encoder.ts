import type { SseDialect, StreamEvent } from './stream-event.js';

/** Options of {@link createSseEncoder}. */
export interface SseEncoderOptions {
  /** Wire dialect to produce. Default `spec` (what browsers of this project read). */
  dialect?: SseDialect;
}

/** Turns typed stream events into SSE frames. */
export interface SseEncoder {
  /** The frame for one event, ending with the blank line that dispatches it. */
  encode(event: StreamEvent): string;
}

const lineBreak = /\r\n|\r|\n/;

function dataLines(payload: string): string {
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
      return `data: [ERROR]${singleLine(event.code)}${message ? `: ${message}` : ''}\n\n`;
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
      return `data: [ERROR]${singleLine(event.code)}\n\n`;
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

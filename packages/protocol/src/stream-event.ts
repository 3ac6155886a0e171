/**
 * The two wire dialects of the query stream.
 * - `spec`: the seed's format, which our service and our BFF emit.
 * - `chaindesk`: the hosted service's format (URL-encoded payloads, `event: ` before
 *   `[DONE]`, bare `data: [ERROR]<CODE>`).
 */
export type SseDialect = 'spec' | 'chaindesk';

/** The dialects, for validating configuration. */
export const SSE_DIALECTS: readonly SseDialect[] = ['spec', 'chaindesk'];

/** A fragment of answer text; fragments concatenate to the answer. */
export interface AnswerEvent {
  type: 'answer';
  text: string;
}

/** A fragment of JSON; fragments concatenate to the final {@link QueryResponse}. */
export interface EndpointResponseEvent {
  type: 'endpoint_response';
  json: string;
}

/** The stream finished successfully (`data: [DONE]`). */
export interface DoneEvent {
  type: 'done';
}

/** The stream failed (`data: [ERROR]<CODE>: <message>`); nothing follows. */
export interface ErrorEvent {
  type: 'error';
  code: string;
  message: string;
}

/** A comment line (`: ping`) sent to keep the connection alive. */
export interface HeartbeatEvent {
  type: 'heartbeat';
  comment?: string;
}

/** Everything a query stream can carry, keyed by `type`. */
export type StreamEvent =
  | AnswerEvent
  | EndpointResponseEvent
  | DoneEvent
  | ErrorEvent
  | HeartbeatEvent;

/** Response headers every query stream is sent with. */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

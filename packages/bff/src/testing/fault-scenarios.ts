/**
 * The fault upstream's scenarios: what it does wrong, one name each. A test picks one by the
 * agent id it asks (`POST /api/agents/<scenario>/query`). For tests only.
 */

/**
 * What the fault upstream does, chosen by the agent id in the request path
 * (`POST /api/agents/<scenario>/query`), so one server serves every test in parallel.
 */
export const FAULT_SCENARIOS = [
  /** A complete answer (stream or JSON), frames split at awkward byte boundaries. */
  'answer',
  /** A few answer frames, then the socket is destroyed. */
  'drop',
  /** Response headers only after `slowMs`. */
  'slow',
  /** Headers and one answer frame, then silence for `slowMs`, then the rest. */
  'idle',
  /** HTTP 402 JSON usage limit (`{"error":"USAGE_LIMIT"}` in chaindesk, the API body in spec). */
  'limit402',
  /** HTTP 200 stream whose first frame is `[ERROR]USAGE_LIMIT` (Chaindesk's form). */
  'limit200',
  /** Answer frames, then `[ERROR]USAGE_LIMIT` mid-stream. */
  'limitMid',
  /** HTTP 403 (`data: [ERROR]UNAUTHORIZED` text body in chaindesk, JSON in spec). */
  'forbidden',
  /** HTTP 404 with `data: [ERROR]NOT_FOUND` as text/plain. */
  'missing',
  /** HTTP 500 with a raw body that must never reach browsers. */
  'crash',
  /** Streams `floodBytes` of answer frames as fast as the socket accepts them. */
  'flood',
  /** One answer frame, then nothing until the client goes away. */
  'hang',
  /** HTTP 400 JSON error whose message quotes internals (the service refusing the input). */
  'reject',
  /** HTTP 422 with a raw text body. */
  'unprocessable',
  /** HTTP 200 `text/html` page instead of an answer (non-streamed queries only). */
  'html',
  /** HTTP 200 `application/json` cut off in the middle (non-streamed queries only). */
  'truncated',
  /** HTTP 200 JSON that is not a query response (non-streamed queries only). */
  'wrongShape',
  /** HTTP 200, a query response over the BFF's 4 MiB answer limit (non-streamed queries only). */
  'oversized',
] as const;

/** A scenario of the fault upstream. */
export type FaultScenario = (typeof FAULT_SCENARIOS)[number];

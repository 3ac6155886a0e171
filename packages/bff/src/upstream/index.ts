/**
 * How the BFF reaches the agent service: one client for everything it reads itself
 * (queries, readiness, admin guards), the abort-and-deadline control of one call, the one
 * mapping of upstream failures to the errors visitors and operators get, and the largest
 * answer the BFF reads.
 */
export { type AbortCause, createRelayControl, type RelayControl } from './relay-control.js';
export { createUpstreamClient, type UpstreamClient } from './upstream-client.js';
export {
  errorCodeOfBody,
  type MappedError,
  mapUpstreamCode,
  mapUpstreamError,
  mapUpstreamStatus,
  readBodyText,
  readUpstreamErrorBody,
  redactSecret,
  TIMED_OUT,
  UNREACHABLE,
} from './upstream-errors.js';
export { MAX_UPSTREAM_ANSWER_BYTES, type UpstreamResponse } from './upstream-response.js';

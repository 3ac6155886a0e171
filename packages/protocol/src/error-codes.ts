// Each code is its own constant, so that a browser bundle (the widget) that imports the few
// it uses does not carry the whole tables.

/** The request body or a parameter is invalid; the message names the field and rule. */
export const ERROR_CODE_INVALID_REQUEST = 'INVALID_REQUEST';
/** The credentials are missing or unknown. */
export const ERROR_CODE_UNAUTHORIZED = 'UNAUTHORIZED';
/** The caller may not do this (e.g. origin not allowed, field not allowed by policy). */
export const ERROR_CODE_FORBIDDEN = 'FORBIDDEN';
/** The resource does not exist (or belongs to someone else). */
export const ERROR_CODE_NOT_FOUND = 'NOT_FOUND';
/** The body is larger than allowed. */
export const ERROR_CODE_PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE';
/** The client did not send its request (headers or body) in time (HTTP 408). */
export const ERROR_CODE_REQUEST_TIMEOUT = 'REQUEST_TIMEOUT';
/** An uploaded file's type cannot be ingested (HTTP 415); the message lists the supported ones. */
export const ERROR_CODE_UNSUPPORTED_TYPE = 'UNSUPPORTED_TYPE';
/** The agent does not offer a person to talk to (its `handoffEnabled` is off; HTTP 403). */
export const ERROR_CODE_HANDOFF_DISABLED = 'HANDOFF_DISABLED';
/** The agent does not capture contacts (its `contactCapture.enabled` is off; HTTP 403). */
export const ERROR_CODE_CONTACT_CAPTURE_DISABLED = 'CONTACT_CAPTURE_DISABLED';
/** A signed-in user's `userHash` is not `HMAC-SHA256(IDENTITY_SECRET, userId)`, or the BFF verifies no users (HTTP 401). */
export const ERROR_CODE_IDENTITY_INVALID = 'IDENTITY_INVALID';
/** The agent serves signed-in users only (`IDENTITY_REQUIRED`) and the visitor is anonymous (HTTP 401). */
export const ERROR_CODE_IDENTITY_REQUIRED = 'IDENTITY_REQUIRED';
/** The organization's query quota for the period is used up. */
export const ERROR_CODE_USAGE_LIMIT = 'USAGE_LIMIT';
/** Too many requests from this client; retry after the advertised delay. */
export const ERROR_CODE_RATE_LIMITED = 'RATE_LIMITED';
/** The upstream rejected the server's own credentials (a misconfiguration). */
export const ERROR_CODE_UPSTREAM_AUTH = 'UPSTREAM_AUTH';
/** The upstream failed or could not be reached. */
export const ERROR_CODE_UPSTREAM_ERROR = 'UPSTREAM_ERROR';
/** The upstream did not answer in time. */
export const ERROR_CODE_UPSTREAM_TIMEOUT = 'UPSTREAM_TIMEOUT';
/** A stream ended before its `[DONE]` frame. */
export const ERROR_CODE_STREAM_INTERRUPTED = 'STREAM_INTERRUPTED';
/** A stream frame could not be understood (e.g. invalid endpoint_response JSON). */
export const ERROR_CODE_INVALID_STREAM = 'INVALID_STREAM';
/** A store the server needs (e.g. the shared rate limit store) is unreachable; retry later (HTTP 503). */
export const ERROR_CODE_UNAVAILABLE = 'UNAVAILABLE';
/** The server is shutting down. */
export const ERROR_CODE_SHUTTING_DOWN = 'SHUTTING_DOWN';
/** Anything else that went wrong on the server. */
export const ERROR_CODE_INTERNAL = 'INTERNAL';

/** The browser is offline (`navigator.onLine` is false): nothing was sent. */
export const ERROR_CODE_OFFLINE = 'OFFLINE';
/** The server could not be reached, or the connection broke while reading its answer. */
export const ERROR_CODE_NETWORK = 'NETWORK';
/** The person stopped the request (an abort). */
export const ERROR_CODE_ABORTED = 'ABORTED';
/** The server answered an HTTP error without the API's `{"error":{code}}` body (a proxy's page). */
export const ERROR_CODE_HTTP_ERROR = 'HTTP_ERROR';
/** The server answered success with a body that is not what the API sends. */
export const ERROR_CODE_INVALID_RESPONSE = 'INVALID_RESPONSE';

/**
 * Machine-readable error codes used in `{"error":{"code","message"}}` bodies and in
 * stream error frames (`data: [ERROR]<CODE>: <message>`), shared by every package; each is
 * also its own `ERROR_CODE_<CODE>` constant.
 */
export const ERROR_CODES = {
  invalidRequest: ERROR_CODE_INVALID_REQUEST,
  unauthorized: ERROR_CODE_UNAUTHORIZED,
  forbidden: ERROR_CODE_FORBIDDEN,
  notFound: ERROR_CODE_NOT_FOUND,
  payloadTooLarge: ERROR_CODE_PAYLOAD_TOO_LARGE,
  requestTimeout: ERROR_CODE_REQUEST_TIMEOUT,
  unsupportedType: ERROR_CODE_UNSUPPORTED_TYPE,
  handoffDisabled: ERROR_CODE_HANDOFF_DISABLED,
  contactCaptureDisabled: ERROR_CODE_CONTACT_CAPTURE_DISABLED,
  identityInvalid: ERROR_CODE_IDENTITY_INVALID,
  identityRequired: ERROR_CODE_IDENTITY_REQUIRED,
  usageLimit: ERROR_CODE_USAGE_LIMIT,
  rateLimited: ERROR_CODE_RATE_LIMITED,
  upstreamAuth: ERROR_CODE_UPSTREAM_AUTH,
  upstreamError: ERROR_CODE_UPSTREAM_ERROR,
  upstreamTimeout: ERROR_CODE_UPSTREAM_TIMEOUT,
  streamInterrupted: ERROR_CODE_STREAM_INTERRUPTED,
  invalidStream: ERROR_CODE_INVALID_STREAM,
  unavailable: ERROR_CODE_UNAVAILABLE,
  shuttingDown: ERROR_CODE_SHUTTING_DOWN,
  internal: ERROR_CODE_INTERNAL,
} as const;

/**
 * Codes a browser client (the widget, the console) gives a failure the server did not name:
 * the request never got an answer, was stopped, or the answer was not the API's. They never
 * come from a server; the stream's own `STREAM_INTERRUPTED` is {@link ERROR_CODES}'.
 */
export const CLIENT_ERROR_CODES = {
  offline: ERROR_CODE_OFFLINE,
  network: ERROR_CODE_NETWORK,
  aborted: ERROR_CODE_ABORTED,
  httpError: ERROR_CODE_HTTP_ERROR,
  invalidResponse: ERROR_CODE_INVALID_RESPONSE,
} as const;

/** One of the shared error codes. Upstreams may send other codes; keep them as strings. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The JSON error body every HTTP error of the API and the BFF has. */
export interface ApiErrorBody {
  error: {
    /** A code from {@link ERROR_CODES} (or an upstream's own code). */
    code: string;
    /** A sentence a person can act on. Never contains secrets. */
    message: string;
  };
}

/** Builds an {@link ApiErrorBody}. */
export function apiErrorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/** True when `value` has the shape of an {@link ApiErrorBody}. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/**
 * Machine-readable error codes used in `{"error":{"code","message"}}` bodies and in
 * stream error frames (`data: [ERROR]<CODE>: <message>`), shared by every package.
 */
export const ERROR_CODES = {
  /** The request body or a parameter is invalid; the message names the field and rule. */
  invalidRequest: 'INVALID_REQUEST',
  /** The credentials are missing or unknown. */
  unauthorized: 'UNAUTHORIZED',
  /** The caller may not do this (e.g. origin not allowed, field not allowed by policy). */
  forbidden: 'FORBIDDEN',
  /** The resource does not exist (or belongs to someone else). */
  notFound: 'NOT_FOUND',
  /** The body is larger than allowed. */
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** The client did not send its request (headers or body) in time (HTTP 408). */
  requestTimeout: 'REQUEST_TIMEOUT',
  /** An uploaded file's type cannot be ingested (HTTP 415); the message lists the supported ones. */
  unsupportedType: 'UNSUPPORTED_TYPE',
  /** The agent does not offer a person to talk to (its `handoffEnabled` is off; HTTP 403). */
  handoffDisabled: 'HANDOFF_DISABLED',
  /** The agent does not capture contacts (its `contactCapture.enabled` is off; HTTP 403). */
  contactCaptureDisabled: 'CONTACT_CAPTURE_DISABLED',
  /** The organization's query quota for the period is used up. */
  usageLimit: 'USAGE_LIMIT',
  /** Too many requests from this client; retry after the advertised delay. */
  rateLimited: 'RATE_LIMITED',
  /** The upstream rejected the server's own credentials (a misconfiguration). */
  upstreamAuth: 'UPSTREAM_AUTH',
  /** The upstream failed or could not be reached. */
  upstreamError: 'UPSTREAM_ERROR',
  /** The upstream did not answer in time. */
  upstreamTimeout: 'UPSTREAM_TIMEOUT',
  /** A stream ended before its `[DONE]` frame. */
  streamInterrupted: 'STREAM_INTERRUPTED',
  /** A stream frame could not be understood (e.g. invalid endpoint_response JSON). */
  invalidStream: 'INVALID_STREAM',
  /** A store the server needs (e.g. the shared rate limit store) is unreachable; retry later (HTTP 503). */
  unavailable: 'UNAVAILABLE',
  /** The server is shutting down. */
  shuttingDown: 'SHUTTING_DOWN',
  /** Anything else that went wrong on the server. */
  internal: 'INTERNAL',
} as const;

/**
 * Codes a browser client (the widget, the console) gives a failure the server did not name:
 * the request never got an answer, was stopped, or the answer was not the API's. They never
 * come from a server; the stream's own `STREAM_INTERRUPTED` is {@link ERROR_CODES}'.
 */
export const CLIENT_ERROR_CODES = {
  /** The browser is offline (`navigator.onLine` is false): nothing was sent. */
  offline: 'OFFLINE',
  /** The server could not be reached, or the connection broke while reading its answer. */
  network: 'NETWORK',
  /** The person stopped the request (an abort). */
  aborted: 'ABORTED',
  /** The server answered an HTTP error without the API's `{"error":{code}}` body (a proxy's page). */
  httpError: 'HTTP_ERROR',
  /** The server answered success with a body that is not what the API sends. */
  invalidResponse: 'INVALID_RESPONSE',
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

/** Why a URL could not be fetched. */
export type FetchErrorCode =
  | 'INVALID_URL'
  | 'BLOCKED_ADDRESS'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'HTTP_ERROR'
  | 'TOO_MANY_REDIRECTS'
  | 'OFF_SITE_REDIRECT'
  | 'UNSUPPORTED_CONTENT'
  | 'NETWORK_ERROR'
  | 'ABORTED';

/**
 * A web fetch that failed; `message` is written for the operator reading the datasource's
 * `errorMessage` and names the URL and the reason.
 */
export class FetchError extends Error {
  override readonly name = 'FetchError';
  readonly code: FetchErrorCode;
  /** The HTTP status, for `HTTP_ERROR`. */
  readonly status: number | undefined;

  constructor(
    code: FetchErrorCode,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options?.status;
  }
}

/**
 * Whether a failed fetch says nothing about the resource itself — a 5xx or 429, a timeout,
 * an unreachable host — so its previously ingested content is kept and the fetch retried.
 */
export function isTransientFetchError(error: unknown): boolean {
  if (!(error instanceof FetchError)) return false;
  if (error.code === 'TIMEOUT' || error.code === 'NETWORK_ERROR') return true;
  return error.code === 'HTTP_ERROR' && (error.status === 429 || (error.status ?? 0) >= 500);
}

/** Whether a failed fetch says the resource is gone (404 or 410): only then is a page removed. */
export function isGoneFetchError(error: unknown): boolean {
  return (
    error instanceof FetchError &&
    error.code === 'HTTP_ERROR' &&
    (error.status === 404 || error.status === 410)
  );
}

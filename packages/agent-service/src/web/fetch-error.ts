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

/**
 * The one error type the BFF throws. `code` is one of the shared `ERROR_CODES` (or
 * `INVALID_OPTIONS` for configuration mistakes found by `createBff()`); `status` is the
 * HTTP status the error maps to at the edge.
 */
export class BffError extends Error {
  override readonly name = 'BffError';
  /** Machine-readable reason, e.g. `UPSTREAM_TIMEOUT`. */
  readonly code: string;
  /** HTTP status this error is answered with, when it reaches a response. */
  readonly status: number;

  constructor(code: string, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status ?? 500;
  }
}

/** Code of {@link BffError}s thrown by `createBff()` for invalid options. */
export const INVALID_OPTIONS = 'INVALID_OPTIONS';

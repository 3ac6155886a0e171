/**
 * The one error type the protocol package throws. `code` is one of the shared
 * {@link ERROR_CODES} (or an upstream's own code carried through a stream).
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  /** Machine-readable reason, e.g. `STREAM_INTERRUPTED`. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

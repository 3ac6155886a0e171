/**
 * The one error type the widget throws (configuration mistakes, a panel that failed to
 * load). `code` says what failed; the message says how to fix it.
 */
export class WidgetError extends Error {
  override readonly name = 'WidgetError';
  /** Machine-readable reason, e.g. `INVALID_CONFIG`. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

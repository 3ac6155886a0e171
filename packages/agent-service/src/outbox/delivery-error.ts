/**
 * An attempt that failed; `permanent` when retrying cannot help (the receiver refused the
 * event with a 4xx, the SMTP server refused the recipient with a 5xx, the address is a
 * private one): the row is marked `failed` at once instead of retried.
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  readonly permanent: boolean;

  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.permanent = options.permanent;
  }
}

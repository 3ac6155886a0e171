/**
 * An error said at once: `<p class="error" role="alert">` with its text and, for a load that
 * can be tried again, a Retry button after it; nothing while there is no error. Every page,
 * form and dialog of the console shows its errors so.
 */
import type { ComponentChildren } from 'preact';

/** Props of {@link ErrorAlert}. */
export interface ErrorAlertProps {
  /** The error; nothing is rendered while it is empty, null or undefined. */
  message: ComponentChildren;
  /** The element's id, for a field's `aria-describedby`. */
  id?: string;
  /** Classes beside `error`. */
  class?: string;
  /** Shows a Retry button that calls it. */
  onRetry?: () => void;
}

/** The console's error message; see the file's comment. */
export function ErrorAlert({ message, id, class: extra, onRetry }: ErrorAlertProps) {
  if (!message) return null;
  return (
    <p id={id} class={extra ? `error ${extra}` : 'error'} role="alert">
      {message}
      {onRetry ? ' ' : null}
      {onRetry ? (
        <button type="button" class="secondary" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </p>
  );
}

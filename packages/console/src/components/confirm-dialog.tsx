import type { ComponentChildren } from 'preact';
import { ErrorAlert } from './error-alert.js';
import { useModalDialog } from './use-modal-dialog.js';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  title: string;
  confirmLabel: string;
  busy: boolean;
  error: string | undefined;
  onConfirm(): void;
  onCancel(): void;
  children: ComponentChildren;
}

/**
 * A modal confirmation (`<dialog>` shown with `showModal()`: focus is trapped inside, Escape
 * cancels, focus returns to where it was). Cancel is focused first, so Enter never deletes.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      class="card dialog"
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id="confirm-title">{props.title}</h2>
      {props.children}
      <ErrorAlert message={props.error} />
      <div class="actions">
        <button type="button" class="secondary" autofocus onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="button"
          class="danger"
          disabled={props.busy}
          aria-busy={props.busy ? 'true' : undefined}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

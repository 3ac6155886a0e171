/**
 * The small parts of the integrations panel that each platform repeats: its live
 * connection status, a read-only value to copy (a URL, a manifest, a command), and its
 * disconnect control.
 */
import type { IntegrationStatus } from '@agent-chat/protocol';
import type { IntegrationState } from '../models/integrations-model.js';
import { ErrorAlert } from './error-alert.js';

/** "Connected to … since …", or "Not connected", as a live status line. */
export function ConnectionStatus({
  name,
  status,
}: {
  name: string;
  status: IntegrationStatus | undefined;
}) {
  let text = 'Checking…';
  if (status?.configured) {
    const where = status.kind === 'slack' ? 'workspace' : 'application';
    const since = status.updatedAt ? ` since ${new Date(status.updatedAt).toLocaleString()}` : '';
    text = `Connected to ${where} ${status.externalId ?? ''}${since}.`;
  } else if (status) {
    text = 'Not connected.';
  }
  return (
    <p
      role="status"
      aria-label={`${name} connection`}
      class={status?.configured ? 'connected' : 'muted'}
    >
      {text}
    </p>
  );
}

/** A read-only value to copy (a URL, a command), with its own Copy button. */
export function CopyField({
  id,
  label,
  value,
  rows,
  onCopy,
}: {
  id: string;
  label: string;
  value: string;
  rows?: number;
  onCopy(value: string, what: string): void;
}) {
  return (
    <>
      <label for={id}>{label}</label>
      {rows ? (
        <textarea id={id} class="code" rows={rows} readOnly value={value} />
      ) : (
        <input id={id} class="code" readOnly value={value} />
      )}
      <div class="actions">
        <button type="button" class="secondary" onClick={() => onCopy(value, label)}>
          Copy {label.charAt(0).toLowerCase() + label.slice(1)}
        </button>
      </div>
    </>
  );
}

/** The save error and the Disconnect button of a connected platform. */
export function Disconnect({
  name,
  state,
  onDisconnect,
}: {
  name: string;
  state: IntegrationState;
  onDisconnect(): void;
}) {
  return (
    <>
      <ErrorAlert message={state.disconnectError.value} />
      {state.status.value?.configured ? (
        <div class="actions">
          <button
            type="button"
            class="secondary danger-text"
            disabled={state.disconnecting.value}
            onClick={onDisconnect}
          >
            Disconnect {name}
          </button>
        </div>
      ) : null}
    </>
  );
}

import type { DatasourceStatus } from '@agent-chat/protocol';

const labels: Record<DatasourceStatus, string> = {
  unsynched: 'Not synced',
  pending: 'Queued',
  running: 'Ingesting',
  synched: 'Synced',
  error: 'Error',
};

/** A datasource's ingestion status as a coloured badge (the word carries it, not the colour). */
export function StatusBadge({ status }: { status: DatasourceStatus }) {
  return (
    <span class={`badge badge-${status}`} data-status={status}>
      {labels[status] ?? status}
    </span>
  );
}

import type { ConversationStatus, Source } from '@agent-chat/protocol';

const STATUS_LABELS: Record<ConversationStatus, string> = {
  open: 'AI answers',
  handoff: 'Handoff',
  resolved: 'Resolved',
};

/** A conversation's status as a badge: who answers it. */
export function StatusBadge({ status }: { status: ConversationStatus }) {
  return <span class={`badge status-${status}`}>{STATUS_LABELS[status]}</span>;
}

/** A time as the operator's locale writes it, to the minute. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The sources an answer cited, in the order of its `[n]` markers, with their scores. */
export function SourceList({ sources }: { sources: readonly Source[] }) {
  if (sources.length === 0) return null;
  return (
    <details class="sources">
      <summary>{sources.length === 1 ? '1 source' : `${sources.length} sources`}</summary>
      <ol>
        {sources.map((source) => {
          const page = source.page_number ? `, page ${source.page_number}` : '';
          const label = `${source.datasource_name || source.datasource_id}${page}`;
          return (
            <li key={source.chunk_id}>
              {source.source_url && /^https?:/i.test(source.source_url) ? (
                <a href={source.source_url} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              ) : (
                label
              )}{' '}
              <span class="muted">score {source.score.toFixed(2)}</span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

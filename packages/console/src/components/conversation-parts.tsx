import type {
  ConversationChannel,
  ConversationStatus,
  ConversationSummary,
  Source,
} from '@agent-chat/protocol';

const STATUS_LABELS: Record<ConversationStatus, string> = {
  open: 'AI answers',
  handoff: 'Handoff',
  resolved: 'Resolved',
};

/** A conversation's status as a badge: who answers it. */
export function StatusBadge({ status }: { status: ConversationStatus }) {
  return <span class={`badge status-${status}`}>{STATUS_LABELS[status]}</span>;
}

/** How the console names each channel (`ConversationSummary.channel`). */
export const CHANNEL_LABELS: Record<ConversationChannel, string> = {
  widget: 'Widget',
  api: 'API',
  slack: 'Slack',
  discord: 'Discord',
};

/** Where a conversation happens, as a badge; nothing for one older than channels. */
export function ChannelBadge({ channel }: { channel: ConversationChannel | null }) {
  if (channel === null) return null;
  return <span class={`badge channel channel-${channel}`}>{CHANNEL_LABELS[channel]}</span>;
}

/** The signed-in user of a conversation, in a few words (name, else email, else user id). */
export function userLabel(user: NonNullable<ConversationSummary['user']>): string {
  return user.name ?? user.email ?? user.userId;
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

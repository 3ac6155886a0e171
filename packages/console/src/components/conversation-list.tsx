import type { ConversationSummary } from '@agent-chat/protocol';
import type { ConversationsModel } from '../models/conversations-model.js';
import { ChannelBadge, formatTime, StatusBadge, userLabel } from './conversation-parts.js';
import { ErrorAlert } from './error-alert.js';

/** Props of {@link ConversationList}. */
export interface ConversationListProps {
  model: ConversationsModel;
  /** Agent names by id. */
  agentNames: ReadonlyMap<string, string>;
  openId: string | undefined;
}

function preview(conversation: ConversationSummary): string {
  const last = conversation.lastMessage;
  if (!last) return '(no messages)';
  const visitor = conversation.user ? userLabel(conversation.user) : 'Visitor';
  const who = last.role === 'user' ? visitor : last.role === 'operator' ? 'You' : 'AI';
  return `${who}: ${last.text}`;
}

/** The list of conversations, newest activity first, one cursor page at a time. */
export function ConversationList({ model, agentNames, openId }: ConversationListProps) {
  const items = model.items.value;
  const loading = model.loading.value;
  return (
    <div class="conversation-list">
      <ErrorAlert message={model.listError.value} onRetry={() => void model.reload()} />
      <ul
        class="conversation-items"
        aria-label="Conversations"
        aria-busy={loading ? 'true' : undefined}
      >
        {items.map((conversation) => (
          <li key={conversation.id} class={conversation.id === openId ? 'current' : undefined}>
            <a
              href={`#conversations/${encodeURIComponent(conversation.id)}`}
              aria-current={conversation.id === openId ? 'true' : undefined}
            >
              <span class="conversation-preview">{preview(conversation)}</span>
            </a>
            <span class="conversation-meta muted">
              <StatusBadge status={conversation.status} />{' '}
              <ChannelBadge channel={conversation.channel} />{' '}
              {conversation.user ? (
                <span class="conversation-user">Signed in: {userLabel(conversation.user)} · </span>
              ) : null}
              {conversation.agentId
                ? (agentNames.get(conversation.agentId) ?? conversation.agentId)
                : 'deleted agent'}
              {' · '}
              {conversation.messageCount} messages
              {conversation.feedback.good > 0 ? ` · ${conversation.feedback.good} thumbs up` : ''}
              {conversation.feedback.bad > 0 ? ` · ${conversation.feedback.bad} thumbs down` : ''}
              {' · '}
              <time dateTime={conversation.updatedAt}>{formatTime(conversation.updatedAt)}</time>
            </span>
          </li>
        ))}
        {items.length === 0 && !loading && !model.listError.value ? (
          <li>No conversations match.</li>
        ) : null}
      </ul>
      {model.page.value > 0 || model.hasNext.value ? (
        <nav class="pager" aria-label="Conversation pages">
          <button
            type="button"
            class="secondary"
            disabled={model.page.value === 0 || loading}
            onClick={() => void model.previous()}
          >
            Newer
          </button>
          <span aria-live="polite">Page {model.page.value + 1}</span>
          <button
            type="button"
            class="secondary"
            disabled={!model.hasNext.value || loading}
            onClick={() => void model.next()}
          >
            Older
          </button>
        </nav>
      ) : null}
    </div>
  );
}

import type { Agent, ConversationMessage, ConversationUser } from '@agent-chat/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { TranscriptModel } from '../models/transcript-model.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { CHANNEL_LABELS, formatTime, SourceList, StatusBadge } from './conversation-parts.js';
import { ErrorAlert } from './error-alert.js';

const AUTHORS = { user: 'Visitor', assistant: 'AI', operator: 'Operator' } as const;

function AnswerDetails({ message }: { message: ConversationMessage }) {
  const metadata = message.metadata;
  return (
    <>
      {metadata ? (
        <p class="muted answer-metadata">
          {metadata.found ? null : <span class="badge warn">Nothing retrieved</span>}{' '}
          {metadata.answerer} · {metadata.latencyMs} ms
          {metadata.topScores.length > 0
            ? ` · best score ${(metadata.topScores[0] ?? 0).toFixed(2)}`
            : ''}
        </p>
      ) : null}
      <SourceList sources={message.sources} />
      {message.eval ? (
        <p class={`feedback feedback-${message.eval}`}>
          {message.eval === 'good' ? 'Thumbs up: helpful' : 'Thumbs down: not helpful'}
          {message.comment ? <q>{message.comment}</q> : null}
        </p>
      ) : null}
    </>
  );
}

/** Who the signed-in user is, as the host site vouched: name, email, user id, attributes. */
function SignedInUser({ user }: { user: ConversationUser }) {
  const rows: [string, string][] = [
    ...(user.name ? [['Name', user.name] as [string, string]] : []),
    ...(user.email ? [['Email', user.email] as [string, string]] : []),
    ['User id', user.userId],
    ...Object.entries(user.attributes),
  ];
  return (
    <section class="signed-in-user" aria-labelledby="signed-in-user-title">
      <h3 id="signed-in-user-title">Signed-in user</h3>
      <dl>
        {rows.map(([term, value], index) => (
          <div key={`${index}:${term}`}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ReplyForm({ model, agent }: { model: TranscriptModel; agent: Agent | undefined }) {
  const [text, setText] = useState('');
  const sending = model.sending.value;
  const error = model.replyError.value;
  return (
    <form
      class="reply"
      onSubmit={(event) => {
        event.preventDefault();
        void model.reply(text).then((sent) => {
          if (sent) setText('');
        });
      }}
    >
      <label for="operator-reply">Reply as a person</label>
      <textarea
        id="operator-reply"
        rows={3}
        maxLength={10_000}
        value={text}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'reply-error' : 'reply-hint'}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <p id="reply-hint" class="muted">
        {agent?.handoffEnabled === false
          ? `“${agent.name}” does not let visitors ask for a person, so its widget does not look for replies: the visitor sees yours on writing again (Agents → Edit turns it on). The AI stays silent until you hand back. Ctrl+Enter sends.`
          : 'The visitor sees it in their chat; the AI stays silent until you hand back. Ctrl+Enter sends.'}
      </p>
      <ErrorAlert id="reply-error" message={error} />
      <p class="muted reply-sent" role="status">
        {model.emailedTo.value
          ? `Reply sent, and emailed to ${model.emailedTo.value} (${
              model.detail.value?.user?.email === model.emailedTo.value
                ? "the signed-in user's verified email"
                : 'the contact the visitor left'
            }).`
          : model.emailedTo.value === null
            ? 'Reply sent to the chat (not emailed: no contact left, or no mail set up).'
            : ''}
      </p>
      <button type="submit" disabled={sending} aria-busy={sending ? 'true' : undefined}>
        {sending ? 'Sending…' : 'Send reply'}
      </button>
    </form>
  );
}

function StatusButton({
  model,
  status,
  children,
}: {
  model: TranscriptModel;
  status: 'open' | 'resolved';
  children: string;
}) {
  const busy = model.updatingStatus.value;
  return (
    <button
      type="button"
      class="secondary"
      disabled={busy}
      aria-busy={busy ? 'true' : undefined}
      onClick={() => void model.setStatus(status)}
    >
      {children}
    </button>
  );
}

/**
 * The open conversation: its messages, sources and feedback, and the operator's actions.
 * `agents` (those loaded) tell whether the conversation's widget looks for replies.
 */
export function ConversationTranscript({
  model,
  agents,
}: {
  model: TranscriptModel;
  agents: readonly Agent[];
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const detail = model.detail.value;
  const id = model.openId.value;
  useEffect(() => {
    if (id) heading.current?.focus();
  }, [id, detail !== undefined]);
  if (!id) return null;
  return (
    <section
      class="card transcript"
      aria-labelledby="transcript-title"
      aria-busy={model.loading.value ? 'true' : undefined}
    >
      <div class="section-head">
        <h2 id="transcript-title" tabIndex={-1} ref={heading}>
          Conversation {detail ? <StatusBadge status={detail.status} /> : null}
        </h2>
        <a href="#conversations" class="close-link">
          Close<span class="visually-hidden"> conversation</span>
        </a>
      </div>
      <ErrorAlert message={model.loadError.value} />
      {detail ? (
        <>
          <p class="muted">
            Visitor {detail.visitorId}
            {detail.channel ? ` · ${CHANNEL_LABELS[detail.channel]}` : ''} · started{' '}
            <time dateTime={detail.createdAt}>{formatTime(detail.createdAt)}</time>
          </p>
          {detail.user ? <SignedInUser user={detail.user} /> : null}
          <ol class="messages">
            {detail.messages.map((message) => (
              <li key={message.id} class={`message role-${message.role}`}>
                <p class="message-head">
                  <strong>{AUTHORS[message.role]}</strong>{' '}
                  <time class="muted" dateTime={message.createdAt}>
                    {formatTime(message.createdAt)}
                  </time>
                </p>
                <p class="message-text">{message.text}</p>
                {message.role === 'assistant' ? <AnswerDetails message={message} /> : null}
              </li>
            ))}
          </ol>
          <ReplyForm
            key={detail.id}
            model={model}
            agent={agents.find((agent) => agent.id === detail.agentId)}
          />
          <div class="actions">
            {detail.status !== 'open' ? (
              <StatusButton model={model} status="open">
                {detail.status === 'handoff' ? 'Hand back to the AI' : 'Reopen'}
              </StatusButton>
            ) : null}
            {detail.status !== 'resolved' ? (
              <StatusButton model={model} status="resolved">
                Mark resolved
              </StatusButton>
            ) : null}
            <button
              type="button"
              class="secondary danger-text"
              onClick={() => model.askErase(true)}
            >
              Delete conversation
            </button>
          </div>
          <ErrorAlert message={model.statusError.value} />
        </>
      ) : null}
      {model.confirmingErase.value ? (
        <ConfirmDialog
          title="Delete this conversation?"
          confirmLabel="Delete conversation"
          busy={model.erasing.value}
          error={model.eraseError.value}
          onConfirm={() => {
            void model.confirmErase().then((erased) => {
              if (erased) location.hash = '#conversations';
            });
          }}
          onCancel={() => model.askErase(false)}
        >
          <p>
            Every message of this conversation is erased (a privacy erasure). This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

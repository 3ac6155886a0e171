import type { GapReason, GapTopic } from '@agent-chat/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GapTopicsModel } from '../models/gap-topics-model.js';
import { trendMark } from '../models/trend-mark.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { formatTime } from './conversation-parts.js';
import { useModalDialog } from './use-modal-dialog.js';

/** How each reason a question is a content gap reads on its badge. */
const REASON_LABELS: Record<GapReason, string> = {
  declined: 'Declined',
  'nothing-retrieved': 'Nothing retrieved',
  'thumbs-down': 'Thumbs down',
  'ai-tool': 'From an AI tool',
};

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

function TrendMark({ topic }: { topic: GapTopic }) {
  const mark = trendMark(topic);
  return (
    <span class={`trend trend-${mark.tone}`} title={mark.text}>
      <span aria-hidden="true">{mark.symbol}</span>
      <span class="visually-hidden">{mark.text}</span>
    </span>
  );
}

/** The answer editor: a modal form prefilled with the topic's most typical question. */
function AnswerEditor({ model }: { model: GapTopicsModel }) {
  const dialog = useModalDialog(() => document.getElementById('gap-topics-title'));
  const draft = model.draft.value;
  if (!draft) return null;
  const saving = model.saving.value;
  const error = model.saveError.value;
  return (
    <dialog
      ref={dialog}
      class="card dialog gap-editor"
      aria-labelledby="gap-editor-title"
      onCancel={(event) => {
        event.preventDefault();
        model.cancel();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void model.save();
        }}
      >
        <h2 id="gap-editor-title">Write the answer</h2>
        <p class="muted">
          Topic: {draft.label}. Saved as a Q&amp;A entry of the agent's knowledge, searchable as
          soon as it is saved.
        </p>
        <label for="gap-question">Question</label>
        <input
          id="gap-question"
          value={draft.question}
          required
          maxLength={500}
          onInput={(event) => model.edit({ question: event.currentTarget.value })}
        />
        <label for="gap-answer">Answer (Markdown)</label>
        <textarea
          id="gap-answer"
          rows={8}
          required
          maxLength={20_000}
          value={draft.answer}
          aria-invalid={error && draft.answer.trim() === '' ? 'true' : undefined}
          onInput={(event) => model.edit({ answer: event.currentTarget.value })}
        />
        <label for="gap-source">Source URL (optional)</label>
        <input
          id="gap-source"
          type="url"
          placeholder="https://"
          value={draft.sourceUrl}
          onInput={(event) => model.edit({ sourceUrl: event.currentTarget.value })}
        />
        {draft.variants.length > 0 ? (
          <details>
            <summary>
              Also answers {draft.variants.length} other{' '}
              {draft.variants.length === 1 ? 'question' : 'questions'} of this topic
            </summary>
            <ul class="gap-variants">
              {draft.variants.map((variant) => (
                <li key={variant}>{variant}</li>
              ))}
            </ul>
          </details>
        ) : null}
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
        <div class="actions">
          <button type="button" class="secondary" disabled={saving} onClick={() => model.cancel()}>
            Cancel
          </button>
          <button type="submit" disabled={saving} aria-busy={saving ? 'true' : undefined}>
            {saving ? 'Saving…' : 'Save the answer'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function TopicQuestions({ topic, id }: { topic: GapTopic; id: string }) {
  return (
    <ul id={id} class="gap-questions">
      {topic.questions.map((question) => (
        <li key={question.messageId}>
          <span class="gap-question">{question.question}</span>{' '}
          <span class="badge warn">{REASON_LABELS[question.reason]}</span>{' '}
          <time class="muted" dateTime={question.at}>
            {formatTime(question.at)}
          </time>{' '}
          <a href={`#conversations/${encodeURIComponent(question.conversationId)}`}>
            Open the conversation<span class="visually-hidden">: {question.question}</span>
          </a>
        </li>
      ))}
      {topic.count > topic.questions.length ? (
        <li class="muted">
          The newest {topic.questions.length} of {topic.count} questions.
        </li>
      ) : null}
    </ul>
  );
}

function TopicItem(props: { topic: GapTopic; model: GapTopicsModel; onHide(): void }) {
  const { topic, model } = props;
  const open = model.expanded.value.has(topic.id);
  const questionsId = `gap-topic-${topic.id}`;
  const hiding = model.hiding.value === topic.id;
  return (
    <li class="card gap-topic">
      <h3>
        <button
          type="button"
          class="gap-toggle"
          aria-expanded={open ? 'true' : 'false'}
          aria-controls={questionsId}
          onClick={() => model.toggle(topic.id)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'} </span>
          {topic.label || topic.typicalQuestion}
          <span class="gap-count">
            {' '}
            — {topic.count} {topic.count === 1 ? 'question' : 'questions'}
          </span>
        </button>
      </h3>
      <p class="muted">
        <TrendMark topic={topic} /> First seen{' '}
        <time dateTime={topic.firstSeen}>{formatDay(topic.firstSeen)}</time>, last seen{' '}
        <time dateTime={topic.lastSeen}>{formatDay(topic.lastSeen)}</time>
        {topic.answered ? (
          <>
            {' '}
            <span class="badge ok">
              Answered by {topic.answered.by} on {formatTime(topic.answered.at)}
            </span>
          </>
        ) : null}
      </p>
      <p class="gap-typical">
        <q>{topic.typicalQuestion}</q>
      </p>
      <div class="actions">
        <button type="button" onClick={() => model.write(topic.id)}>
          {topic.answered ? 'Answer again' : 'Write the answer'}
          <span class="visually-hidden">: {topic.label}</span>
        </button>
        <button
          type="button"
          class="secondary"
          disabled={hiding}
          aria-busy={hiding ? 'true' : undefined}
          onClick={props.onHide}
        >
          Not relevant<span class="visually-hidden">: {topic.label}</span>
        </button>
      </div>
      {open ? <TopicQuestions topic={topic} id={questionsId} /> : null}
    </li>
  );
}

/** The range's topics hidden as not relevant, each with a control that lists it again. */
function HiddenTopics({ model, showError }: { model: GapTopicsModel; showError: boolean }) {
  const hidden = model.hiddenTopics.value;
  if (hidden.length === 0) return null;
  return (
    <details class="gap-hidden">
      <summary>
        {hidden.length} {hidden.length === 1 ? 'topic' : 'topics'} hidden as not relevant
      </summary>
      <ul aria-label="Hidden topics">
        {hidden.map((topic) => {
          const busy = model.hiding.value === topic.id;
          return (
            <li key={topic.id}>
              <span class="gap-question">{topic.label || topic.typicalQuestion}</span>{' '}
              <span class="muted">
                — {topic.count} {topic.count === 1 ? 'question' : 'questions'}, hidden by{' '}
                {topic.hidden.by} on {formatTime(topic.hidden.at)}
              </span>{' '}
              <button
                type="button"
                class="secondary"
                disabled={busy}
                aria-busy={busy ? 'true' : undefined}
                onClick={() => void model.unhide(topic.id)}
              >
                Show again<span class="visually-hidden">: {topic.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {showError && model.hideError.value ? (
        <p class="error" role="alert">
          {model.hideError.value}
        </p>
      ) : null}
    </details>
  );
}

/**
 * The content gaps of an agent grouped into topics: label, count, trend mark, first and
 * last seen; each expands to its questions and their conversations, can be answered once
 * (an editor prefilled with its most typical question) or hidden as not relevant — and
 * shown again from the list of hidden topics.
 */
export function GapTopics({
  model,
  agentName,
  focusId = '',
}: {
  model: GapTopicsModel;
  agentName: string;
  /** A topic to open and scroll to once it is listed (a link to it, `#insights/<agent>/<topic>`). */
  focusId?: string;
}) {
  const [confirming, setConfirming] = useState<GapTopic | undefined>(undefined);
  const topics = model.topics.value;
  const focused = useRef('');
  useEffect(() => {
    if (focusId === '' || focused.current === focusId) return;
    if (!topics.some((topic) => topic.id === focusId)) return;
    focused.current = focusId;
    if (!model.expanded.value.has(focusId)) model.toggle(focusId);
    document
      .querySelector(`[aria-controls="gap-topic-${CSS.escape(focusId)}"]`)
      ?.scrollIntoView({ block: 'start' });
  }, [focusId, topics]);
  const loading = model.loading.value;
  const scope = model.scope.value;
  return (
    <section aria-labelledby="gap-topics-title">
      <h2 id="gap-topics-title" tabIndex={-1}>
        Content gaps by topic
      </h2>
      <p class="muted">
        Questions {agentName ? `“${agentName}”` : 'the agent'} could not answer, grouped by what
        they ask about. Answer a topic once and the agent uses that answer for all of them.
      </p>
      <p class="visually-hidden" role="status">
        {model.notice.value ?? ''}
      </p>
      {model.error.value ? (
        <p class="error" role="alert">
          {model.error.value}{' '}
          <button type="button" class="secondary" onClick={() => void model.load()}>
            Retry
          </button>
        </p>
      ) : null}
      <div aria-busy={loading ? 'true' : undefined}>
        {loading && topics.length === 0 ? <p class="muted">Loading the topics…</p> : null}
        {scope === undefined ? (
          <p class="muted">Create an agent first: topics are an agent's.</p>
        ) : null}
        <ul class="gap-topics" aria-label="Content gap topics">
          {topics.map((topic) => (
            <TopicItem
              key={topic.id}
              topic={topic}
              model={model}
              onHide={() => setConfirming(topic)}
            />
          ))}
        </ul>
        {!loading && scope !== undefined && topics.length === 0 && !model.error.value ? (
          <p>No content gaps in this range: the agent answered everything it was asked.</p>
        ) : null}
        {model.hasMore.value ? (
          <button
            type="button"
            class="secondary"
            disabled={loading}
            aria-busy={loading ? 'true' : undefined}
            onClick={() => void model.more()}
          >
            More topics
          </button>
        ) : null}
      </div>
      <HiddenTopics model={model} showError={confirming === undefined} />
      {model.draft.value ? <AnswerEditor model={model} /> : null}
      {confirming ? (
        <ConfirmDialog
          title="Hide this topic?"
          confirmLabel="Hide"
          busy={model.hiding.value !== undefined}
          error={model.hideError.value}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => {
            void model.hide(confirming.id).then((done) => {
              if (done) setConfirming(undefined);
            });
          }}
        >
          <p>
            “{confirming.label || confirming.typicalQuestion}” and questions like it will no longer
            be listed here (spam, off-topic).
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/**
 * The Insights page's content-gap topics section: the list of an agent's topics, paged,
 * with a topic opened from a link, the hidden ones, the answer editor and the hide
 * confirmation.
 */
import type { GapTopic } from '@agent-chat/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GapTopicsModel } from '../models/gap-topics-model.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { ErrorAlert } from './error-alert.js';
import { GapAnswerEditor } from './gap-answer-editor.js';
import { GapTopicItem } from './gap-topic-item.js';
import { HiddenGapTopics } from './hidden-gap-topics.js';

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
      <ErrorAlert message={model.error.value} onRetry={() => void model.load()} />
      <div aria-busy={loading ? 'true' : undefined}>
        {loading && topics.length === 0 ? <p class="muted">Loading the topics…</p> : null}
        {scope === undefined ? (
          <p class="muted">Create an agent first: topics are an agent's.</p>
        ) : null}
        <ul class="gap-topics" aria-label="Content gap topics">
          {topics.map((topic) => (
            <GapTopicItem
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
      <HiddenGapTopics model={model} showError={confirming === undefined} />
      {model.draft.value ? <GapAnswerEditor model={model} /> : null}
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

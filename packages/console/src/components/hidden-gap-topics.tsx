/** The range's gap topics hidden as not relevant, each with a control that lists it again. */
import type { GapTopicsModel } from '../models/gap-topics-model.js';
import { formatTime } from './conversation-parts.js';
import { ErrorAlert } from './error-alert.js';

/** The hidden topics, folded under their count; nothing when there are none. */
export function HiddenGapTopics({
  model,
  showError,
}: {
  model: GapTopicsModel;
  showError: boolean;
}) {
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
      <ErrorAlert message={showError ? model.hideError.value : undefined} />
    </details>
  );
}

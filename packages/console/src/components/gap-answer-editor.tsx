/** The answer editor of a gap topic: a modal form prefilled with the topic's most typical question. */
import type { GapTopicsModel } from '../models/gap-topics-model.js';
import { ErrorAlert } from './error-alert.js';
import { useModalDialog } from './use-modal-dialog.js';

/** The answer editor: a modal form prefilled with the topic's most typical question. */
export function GapAnswerEditor({ model }: { model: GapTopicsModel }) {
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
        <ErrorAlert message={error} />
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

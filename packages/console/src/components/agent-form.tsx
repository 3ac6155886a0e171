import {
  AGENT_MODEL_NAMES,
  type AgentModelName,
  VISIBILITIES,
  type Visibility,
} from '@agent-chat/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AgentDraft, AgentsModel } from '../models/agents-model.js';
import { ContactCaptureFields } from './contact-capture-fields.js';
import { ErrorAlert } from './error-alert.js';

/** The create/edit form of an agent; its draft lives in the form until it is saved. */
export function AgentForm({ model, initial }: { model: AgentsModel; initial: AgentDraft }) {
  const [draft, setDraft] = useState(initial);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = (patch: Partial<AgentDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const saving = model.saving.value;
  const error = model.saveError.value;
  return (
    <section class="card" aria-labelledby="agent-form-title">
      <h2 id="agent-form-title" tabIndex={-1} ref={heading}>
        {draft.id ? `Edit ${initial.name}` : 'New agent'}
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void model.save(draft);
        }}
      >
        <label for="agent-name">Name</label>
        <input
          id="agent-name"
          value={draft.name}
          required
          maxLength={200}
          onInput={(event) => set({ name: event.currentTarget.value })}
        />
        <label for="agent-description">Description</label>
        <input
          id="agent-description"
          value={draft.description}
          onInput={(event) => set({ description: event.currentTarget.value })}
        />
        <div class="row">
          <div>
            <label for="agent-model">Model</label>
            <select
              id="agent-model"
              value={draft.modelName}
              onChange={(event) => set({ modelName: event.currentTarget.value as AgentModelName })}
            >
              {AGENT_MODEL_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label for="agent-temperature">Temperature</label>
            <input
              id="agent-temperature"
              type="number"
              min={0}
              max={1}
              step={0.1}
              value={draft.temperature}
              onInput={(event) => set({ temperature: Number(event.currentTarget.value) })}
            />
          </div>
          <div>
            <label for="agent-visibility">Visibility</label>
            <select
              id="agent-visibility"
              value={draft.visibility}
              onChange={(event) => set({ visibility: event.currentTarget.value as Visibility })}
            >
              {VISIBILITIES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label for="agent-system-prompt">System prompt</label>
        <textarea
          id="agent-system-prompt"
          rows={4}
          value={draft.systemPrompt}
          onInput={(event) => set({ systemPrompt: event.currentTarget.value })}
        />
        <label for="agent-user-prompt">User prompt</label>
        <textarea
          id="agent-user-prompt"
          rows={3}
          value={draft.userPrompt}
          onInput={(event) => set({ userPrompt: event.currentTarget.value })}
        />
        {draft.handoffEnabled !== undefined ? (
          <>
            <label class="choice">
              <input
                type="checkbox"
                checked={draft.handoffEnabled}
                aria-describedby="agent-handoff-hint"
                onChange={(event) => set({ handoffEnabled: event.currentTarget.checked })}
              />
              Visitors can ask for a person
            </label>
            <p id="agent-handoff-hint" class="muted">
              The widget offers “Talk to a person” and shows your replies from Conversations while
              it is open. Off, a visitor sees a reply only after writing again.
            </p>
          </>
        ) : null}
        {draft.contactCapture ? (
          <ContactCaptureFields
            value={draft.contactCapture}
            onChange={(contactCapture) => set({ contactCapture })}
          />
        ) : null}
        <ErrorAlert message={error} />
        <div class="actions">
          <button type="submit" disabled={saving} aria-busy={saving ? 'true' : undefined}>
            {saving ? 'Saving…' : draft.id ? 'Save changes' : 'Create agent'}
          </button>
          <button type="button" class="secondary" onClick={() => model.cancelEdit()}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

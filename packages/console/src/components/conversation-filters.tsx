import {
  type Agent,
  CONVERSATION_CHANNELS,
  type ConversationChannel,
  type ConversationStatus,
  type MessageEval,
} from '@agent-chat/protocol';
import { useState } from 'preact/hooks';
import { type ConversationFilterDraft, NO_FILTERS } from '../models/conversations-model.js';
import { AgentFilter } from './agent-filter.js';
import { CHANNEL_LABELS } from './conversation-parts.js';

/** The attribute filter as the form checks it (the model's `ATTRIBUTE_FILTER`, for `pattern`). */
const ATTRIBUTE_PATTERN = '\\s*[A-Za-z][A-Za-z0-9_.\\-]{0,39}:.+';

/** Props of {@link ConversationFilters}. */
export interface ConversationFiltersProps {
  initial: ConversationFilterDraft;
  agents: readonly Agent[];
  busy: boolean;
  onApply(draft: ConversationFilterDraft): void;
}

/** A labelled `<select>` of the filter bar: "Any" (the empty value), then `options`. */
function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  /** `[value, label]` pairs. */
  options: readonly (readonly [string, string])[];
  onChange(value: string): void;
}) {
  return (
    <div>
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        <option value="">Any</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled `<input>` of the filter bar (a date, or a search checked by its attributes). */
function FilterInput(props: {
  id: string;
  label: string;
  type: 'date' | 'search';
  value: string;
  maxLength?: number;
  min?: string | undefined;
  pattern?: string;
  title?: string;
  placeholder?: string;
  onInput(value: string): void;
}) {
  const { label, onInput, ...input } = props;
  return (
    <div>
      <label for={props.id}>{label}</label>
      <input {...input} onInput={(event) => onInput(event.currentTarget.value)} />
    </div>
  );
}

/**
 * The search box and filters of the conversation list, one bar: agent, channel, feedback,
 * status, dates, and who the visitor is (a signed-in user, an attribute the host site
 * attached); applied on submit (Enter).
 */
export function ConversationFilters(props: ConversationFiltersProps) {
  const [draft, setDraft] = useState(props.initial);
  const set = (patch: Partial<ConversationFilterDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));
  return (
    <form
      class="card conversation-filters"
      aria-label="Search conversations"
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(draft);
      }}
    >
      <div class="filter-search">
        <label for="conversation-q">Search messages</label>
        <input
          id="conversation-q"
          type="search"
          value={draft.q}
          maxLength={500}
          onInput={(event) => set({ q: event.currentTarget.value })}
        />
      </div>
      <div class="row">
        <AgentFilter
          id="conversation-agent"
          agents={props.agents}
          value={draft.agentId}
          onChange={(agentId) => set({ agentId })}
        />
        <FilterSelect
          id="conversation-channel"
          label="Channel"
          value={draft.channel}
          options={CONVERSATION_CHANNELS.map((channel) => [channel, CHANNEL_LABELS[channel]])}
          onChange={(channel) => set({ channel: channel as ConversationChannel | '' })}
        />
        <FilterSelect
          id="conversation-feedback"
          label="Feedback"
          value={draft.feedback}
          options={[
            ['good', 'Thumbs up'],
            ['bad', 'Thumbs down'],
          ]}
          onChange={(feedback) => set({ feedback: feedback as MessageEval | '' })}
        />
        <FilterSelect
          id="conversation-status"
          label="Status"
          value={draft.status}
          options={[
            ['open', 'Open (AI answers)'],
            ['handoff', 'Handoff (a person answers)'],
            ['resolved', 'Resolved'],
          ]}
          onChange={(status) => set({ status: status as ConversationStatus | '' })}
        />
        <FilterInput
          id="conversation-from"
          label="Active from (UTC)"
          type="date"
          value={draft.from}
          onInput={(from) => set({ from })}
        />
        <FilterInput
          id="conversation-to"
          label="Active until (UTC)"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onInput={(to) => set({ to })}
        />
        <FilterInput
          id="conversation-user"
          label="Signed-in user"
          type="search"
          value={draft.user}
          maxLength={256}
          placeholder="name, email or id; * for any"
          onInput={(user) => set({ user })}
        />
        <FilterInput
          id="conversation-attribute"
          label="User attribute"
          type="search"
          value={draft.attribute}
          maxLength={241}
          pattern={ATTRIBUTE_PATTERN}
          title="key:value, e.g. plan:pro"
          placeholder="plan:pro"
          onInput={(attribute) => set({ attribute })}
        />
      </div>
      <div class="actions">
        <button type="submit" disabled={props.busy} aria-busy={props.busy ? 'true' : undefined}>
          Search
        </button>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            props.onApply(NO_FILTERS);
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}

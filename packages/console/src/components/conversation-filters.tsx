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
        <div>
          <label for="conversation-channel">Channel</label>
          <select
            id="conversation-channel"
            value={draft.channel}
            onChange={(event) =>
              set({ channel: event.currentTarget.value as ConversationChannel | '' })
            }
          >
            <option value="">Any</option>
            {CONVERSATION_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {CHANNEL_LABELS[channel]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="conversation-feedback">Feedback</label>
          <select
            id="conversation-feedback"
            value={draft.feedback}
            onChange={(event) => set({ feedback: event.currentTarget.value as MessageEval | '' })}
          >
            <option value="">Any</option>
            <option value="good">Thumbs up</option>
            <option value="bad">Thumbs down</option>
          </select>
        </div>
        <div>
          <label for="conversation-status">Status</label>
          <select
            id="conversation-status"
            value={draft.status}
            onChange={(event) =>
              set({ status: event.currentTarget.value as ConversationStatus | '' })
            }
          >
            <option value="">Any</option>
            <option value="open">Open (AI answers)</option>
            <option value="handoff">Handoff (a person answers)</option>
            <option value="resolved">Resolved</option>
          </select>
        </div>
        <div>
          <label for="conversation-from">Active from (UTC)</label>
          <input
            id="conversation-from"
            type="date"
            value={draft.from}
            onInput={(event) => set({ from: event.currentTarget.value })}
          />
        </div>
        <div>
          <label for="conversation-to">Active until (UTC)</label>
          <input
            id="conversation-to"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onInput={(event) => set({ to: event.currentTarget.value })}
          />
        </div>
        <div>
          <label for="conversation-user">Signed-in user</label>
          <input
            id="conversation-user"
            type="search"
            value={draft.user}
            maxLength={256}
            placeholder="name, email or id; * for any"
            onInput={(event) => set({ user: event.currentTarget.value })}
          />
        </div>
        <div>
          <label for="conversation-attribute">User attribute</label>
          <input
            id="conversation-attribute"
            type="search"
            value={draft.attribute}
            maxLength={241}
            pattern={ATTRIBUTE_PATTERN}
            title="key:value, e.g. plan:pro"
            placeholder="plan:pro"
            onInput={(event) => set({ attribute: event.currentTarget.value })}
          />
        </div>
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

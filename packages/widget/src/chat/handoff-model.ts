import type { ConversationStatus, StreamResult } from '@agent-chat/protocol';
import { batch, effect, type ReadonlySignal, signal } from '@preact/signals';
import type { SavedConversation } from './conversation-store.js';
import type { HandoffContext } from './handoff-context.js';
import type { HandoffInternals } from './handoff-internals.js';

/**
 * The human-handoff half of a conversation: whether the agent offers a person, whether a
 * person answers now, asking for one, and polling for their replies. Part of the
 * {@link ChatModel} (`chat.handoff`); knows nothing about the DOM. The code that asks and
 * polls loads on first use (`handoff-actions.ts`): most conversations never need it.
 */
export interface HandoffModel {
  /** Who answers the conversation: `handoff` while a person does. */
  readonly status: ReadonlySignal<ConversationStatus>;
  /** Whether the agent offers a person to talk to (its latest answer said so). */
  readonly enabled: ReadonlySignal<boolean>;
  /** True while a request for a person is on its way. */
  readonly pending: ReadonlySignal<boolean>;
  /** Asks for a person; a failure shows as a notice in the transcript. */
  request(): Promise<void>;
  /**
   * Fetches what arrived since the last poll: appends a person's new replies and follows
   * the status (a hand-back adds a notice). A conversation the server no longer knows
   * (404) quietly leaves handoff and is no longer polled. Rejects with a `ChatError` on
   * any other failure.
   */
  poll(): Promise<void>;
  /**
   * Polls for replies while `active` (the panel open, the page visible) and a person
   * answers (at once, then every 1.25 s) or the agent offers one, who may take the
   * conversation over (at once, then every 5 s); backs off up to 30 s after failures.
   * Returns a function that stops it.
   */
  follow(active: ReadonlySignal<boolean>): () => void;
}

/** The handoff model plus the hooks the chat model calls. */
export interface HandoffState extends HandoffModel {
  /** Follows a finished answer's `status` and `handoffEnabled`. */
  answered(result: StreamResult): void;
  /** Takes the state of a saved conversation (page load, another tab, reset: undefined). */
  restore(saved: SavedConversation | undefined): void;
  /** Adds its fields to the conversation about to be saved. */
  save(conversation: SavedConversation): void;
}

const loadActions = () => import('./handoff-actions.js');
const noop = (): void => {};

/** Creates the {@link HandoffModel} of one chat model. */
export function createHandoffModel(context: HandoffContext): HandoffState {
  const internals: HandoffInternals = {
    context,
    status: signal<ConversationStatus>('open'),
    enabled: signal(false),
    pending: signal(false),
    pollAfter: undefined,
    notice: (kind) => ({ id: context.nextId(), role: 'notice', text: '', notice: kind }),
    move(next, beforeLast = 0) {
      const previous = internals.status.value;
      internals.status.value = next;
      if (previous !== 'handoff' || next === 'handoff') return;
      const list = context.messages.value.slice();
      list.splice(list.length - beforeLast, 0, internals.notice('handbackNotice'));
      context.messages.value = list;
    },
  };
  const { status, enabled, pending } = internals;

  const model: HandoffState = {
    status,
    enabled,
    pending,
    // The chunk may fail to load (offline): nothing changes, the visitor can ask again.
    request: () => loadActions().then((actions) => actions.requestHandoff(internals), noop),
    poll: async () => (await loadActions()).pollReplies(internals),
    follow(active) {
      let stop: (() => void) | undefined;
      let stopped = false;
      const dispose = effect(() => {
        if (stop || !active.value || (status.value !== 'handoff' && !enabled.value)) return;
        loadActions().then(
          (actions) => {
            if (!stopped && !stop) stop = actions.pollWhileActive(model, active);
          },
          // Offline: the next status change or page load tries again.
          noop,
        );
      });
      return () => {
        stopped = true;
        dispose();
        stop?.();
      };
    },
    answered(result) {
      if (result.handoffEnabled !== undefined) enabled.value = result.handoffEnabled;
      // The answer is in (question and answer last): a hand-back notice goes before them.
      if (result.status) internals.move(result.status, 2);
    },
    restore(saved) {
      batch(() => {
        status.value = saved?.status ?? 'open';
        enabled.value = saved?.handoffEnabled ?? false;
      });
      internals.pollAfter = saved?.pollAfter;
    },
    save(conversation) {
      if (status.value !== 'open') conversation.status = status.value;
      if (enabled.value) conversation.handoffEnabled = true;
      if (internals.pollAfter) conversation.pollAfter = internals.pollAfter;
    },
  };
  return model;
}

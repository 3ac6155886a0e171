import type { ConversationStatus } from '@agent-chat/protocol';
import type { Signal } from '@preact/signals';
import type { ChatMessage, ChatNotice } from './chat-message.js';
import type { HandoffContext } from './handoff-context.js';

/**
 * The handoff model's state as its lazily loaded actions (`handoff-actions.ts`) see it:
 * writable signals, the poll cursor, and how a status change reads in the transcript.
 * Its own file so the actions need not import the model that loads them.
 */
export interface HandoffInternals {
  context: HandoffContext;
  status: Signal<ConversationStatus>;
  enabled: Signal<boolean>;
  pending: Signal<boolean>;
  /** The last message id a poll returned: the next poll asks for what follows. */
  pollAfter: string | undefined;
  /** A notice line for the transcript. */
  notice(kind: ChatNotice): ChatMessage;
  /** Moves to `next`; leaving handoff adds the hand-back notice before the last `beforeLast` messages. */
  move(next: ConversationStatus, beforeLast?: number): void;
}

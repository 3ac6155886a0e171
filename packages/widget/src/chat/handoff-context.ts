import type { ContactOffer } from '@agent-chat/protocol';
import type { Signal } from '@preact/signals';
import type { ChatError } from './chat-error.js';
import type { ChatMessage } from './chat-message.js';
import type { ConversationApi } from './conversation-api.js';

/**
 * What the handoff model shares with the chat model it belongs to: the conversation API,
 * the transcript, the conversation's ids, persistence and error reporting.
 */
export interface HandoffContext {
  api: ConversationApi;
  messages: Signal<ChatMessage[]>;
  /** The signed ids of the conversation (both needed to ask for a person or to poll). */
  ids(): { visitorId?: string | undefined; conversationId?: string | undefined };
  nextId(): string;
  persist(): void;
  onError?: ((error: ChatError) => void) | undefined;
  /** A handoff response offered the contact form (nobody may be watching). */
  offerContact?: ((offer: ContactOffer | undefined) => void) | undefined;
}

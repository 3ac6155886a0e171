/**
 * The chat model's contract, apart from how `createChatModel` makes it: what the view sees
 * (signals and actions, nothing about the DOM or the network) and what a model is made
 * from (its injected I/O and the callbacks it reports the conversation's events to).
 */
import type { MessageEval, Source } from '@agent-chat/protocol';
import type { ReadonlySignal } from '@preact/signals';
import type { ChatError } from './chat-error.js';
import type { ChatMessage } from './chat-message.js';
import type { ContactModel } from './contact-model.js';
import type { ConversationApi } from './conversation-api.js';
import type { ConversationStore } from './conversation-store.js';
import type { HandoffModel } from './handoff-model.js';
import type { HttpQueryTransportOptions } from './http-query-transport.js';
import type { PastModel } from './past-model.js';
import type { QueryTransport } from './query-transport.js';

/** The ids a chat model holds: the visitor's token and the current conversation's. */
export interface ChatIds {
  visitorId?: string | undefined;
  conversationId?: string | undefined;
}

/** `idle` (ready), `submitted` (waiting for the first byte), `streaming`, or `error`. */
export type ChatStatus = 'idle' | 'submitted' | 'streaming' | 'error';

/** The chat state and its actions; knows nothing about the DOM or the network. */
export interface ChatModel {
  readonly messages: ReadonlySignal<ChatMessage[]>;
  readonly status: ReadonlySignal<ChatStatus>;
  readonly error: ReadonlySignal<ChatError | undefined>;
  /** Talking to a person: availability, status, asking, polling for replies. */
  readonly handoff: HandoffModel;
  /** The contact form: when it is offered, sending and dismissing it. */
  readonly contact: ContactModel;
  /** The visitor's earlier conversations with this agent: listing, reopening, deleting. */
  readonly past: PastModel;
  /** Sends a question (trimmed; ignored when empty or while an answer is in progress). */
  send(text: string): Promise<void>;
  /** Aborts the answer in progress, keeping what arrived. */
  stop(): void;
  /** Sends the last question again after an error. Only ever called by the visitor. */
  retry(): Promise<void>;
  /**
   * Votes on the answer with local id `id` (`undefined` clears the vote), with an optional
   * comment. The vote shows at once and is taken back if the server refuses it.
   */
  rate(id: string, vote: MessageEval | undefined, comment?: string): Promise<void>;
  /** Starts a new conversation (keeps the visitor id). */
  reset(): void;
  /**
   * Signed-in users (the identity chunk's hook): `change` gets the ids held and gives the
   * ids to hold from now on (the user's visitor id, the conversation merged into theirs).
   * Questions and the conversations list wait for it; if it fails, they fail with its
   * error, never asked as an anonymous visitor instead.
   */
  signIn(change: (held: ChatIds) => Promise<ChatIds>): Promise<void>;
  /** Signing out: forgets the visitor id and the conversation, in memory and in storage. */
  logout(): void;
  /** Stops listening to other tabs and aborts any request. */
  destroy(): void;
}

/**
 * Options of `createChatModel`. I/O is injected so tests control it: `fetch`, `now`
 * and `isOnline` configure the default HTTP transport, unless `transport` replaces it.
 */
export interface ChatModelOptions extends HttpQueryTransportOptions {
  /** Where the conversation is persisted. */
  store: ConversationStore;
  /** How queries reach the server. Default `createHttpQueryTransport` with these options. */
  transport?: QueryTransport;
  /** How votes, handoffs and polls reach the server. Default `createConversationApi` with these options. */
  conversationApi?: ConversationApi;
  /**
   * Schedules a render flush of streamed text; fragments arriving in between are batched.
   * Default `requestAnimationFrame` (or a 16 ms timer without it).
   */
  scheduleFrame?: (flush: () => void) => void;
  /** The visitor sent a message. */
  onMessage?: (detail: { text: string }) => void;
  /** An answer completed. */
  onAnswer?: (detail: {
    text: string;
    sources: Source[];
    conversationId?: string;
    messageId?: string;
  }) => void;
  /** A request or stream failed. */
  onError?: (error: ChatError) => void;
}

/**
 * The chat feature: the state of one conversation ({@link createChatModel}), how its
 * queries reach the server ({@link QueryTransport}, by default over HTTP and SSE), where it
 * is persisted ({@link createConversationStore}), how its errors read, talking to a person
 * (`chat.handoff`) and leaving contact details (`chat.contact`).
 */
export type { ChatError } from './chat-error.js';
export type { ChatMessage } from './chat-message.js';
export {
  type ChatIds,
  type ChatModel,
  type ChatModelOptions,
  type ChatStatus,
  createChatModel,
} from './chat-model.js';
export type { ContactDetails, ContactModel } from './contact-model.js';
export {
  type ConversationStore,
  type ConversationStoreOptions,
  createConversationStore,
  type SavedConversation,
  storageKey,
} from './conversation-store.js';
export { describeError } from './describe-error.js';
export {
  createHttpQueryTransport,
  type HttpQueryTransportOptions,
} from './http-query-transport.js';
export type { PastModel } from './past-model.js';
export type {
  ChatQuery,
  QueryEvent,
  QueryTransport,
  SendQueryOptions,
} from './query-transport.js';
export { errorFromResponse } from './response-error.js';

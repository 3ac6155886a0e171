/**
 * The "Conversations" view (its own chunk, loaded when the visitor first opens it): the
 * visitor's earlier conversations with this agent. Listing, reopening and deleting them is
 * the chat model's (`chat.past`).
 */

export { conversationsStyles } from './conversations-styles.js';
export { ConversationsView, type ConversationsViewProps } from './conversations-view.js';

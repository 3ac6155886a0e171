/**
 * Conversations: the turns of each (agent, visitor) exchange. A query reads the history
 * of its conversation and, once its answer is complete, stores question and answer.
 */
export {
  type ConversationMessage,
  resolveConversation,
  saveExchange,
} from './conversations.js';

/**
 * Conversations: each belongs to one (agent, visitor). A query reads the history of its
 * conversation (only its owner's) and stores question and answer with answer metadata.
 * Transcripts for operators (list with filters and full-text search, get, erase, export),
 * visitors' votes on answers, a visitor's own conversations (listed, erased), human handoff (status, operator replies, polling), and
 * insights (questions per day, feedback rates, content gaps), and what AI tools report
 * through the MCP server (`saveToolFeedback`), listed with the content gaps.
 */

export { decodeCursor, encodeCursor } from './conversation-cursor.js';
export { exportConversations } from './conversation-export.js';
export {
  type ConversationMessage,
  resolveConversation,
  saveExchange,
} from './conversations.js';
export { csvRecord } from './csv.js';
export { EXPORT_CONTENT_TYPES, exportHeader, exportRecord } from './export-format.js';
export { evalAnswer, votedAnswer } from './feedback.js';
export {
  addOperatorMessage,
  startHandoff,
  updateConversationStatus,
  visitorMessages,
} from './handoff.js';
export { getInsights } from './insights.js';
export {
  deleteExpiredConversations,
  scheduleRetention,
} from './retention.js';
export { AI_TOOL_ANSWERER, AI_TOOL_VISITOR, saveToolFeedback } from './tool-feedback.js';
export {
  deleteConversation,
  getConversation,
  getConversationSummary,
  listConversations,
  recentMessages,
} from './transcripts.js';
export { deleteVisitorConversation, listVisitorConversations } from './visitor-conversations.js';

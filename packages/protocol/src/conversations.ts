import type { ContactOffer } from './contacts.js';
import type { ConversationUser } from './identity.js';
import type { ConversationChannel } from './integrations.js';
import type { Source } from './source.js';

/**
 * Who answers a conversation: `open` — the AI; `handoff` — a person (the AI stays
 * silent and acknowledges the visitor's messages); `resolved` — closed by an operator.
 */
export const CONVERSATION_STATUSES = ['open', 'handoff', 'resolved'] as const;
/** A conversation's status. */
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** Who wrote a message: the visitor, the AI, or a person answering through the admin API. */
export const MESSAGE_ROLES = ['user', 'assistant', 'operator'] as const;
/** A message's author. */
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** A visitor's vote on an answer (Chaindesk's `MessageEval`). */
export const MESSAGE_EVALS = ['good', 'bad'] as const;
/** A vote on an answer. */
export type MessageEval = (typeof MESSAGE_EVALS)[number];

/** Export formats of `GET /api/conversations/export`. */
export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
/** An export format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How an AI answer was produced; stored with every `assistant` message. */
export interface AnswerMetadata {
  /**
   * Name of the answerer (`extractive`, `openai`, or a custom one's name; `handoff` for the
   * acknowledgement; `ai-tool` on a report an AI tool sent through MCP).
   */
  answerer: string;
  /** Time from the request's arrival to the complete answer, in milliseconds. */
  latencyMs: number;
  /** Retrieval scores of the best passages, highest first (0..1). */
  topScores: number[];
  /** Whether retrieval found anything for the question. */
  found: boolean;
  /** The follow-up questions suggested with the answer and where each came from (none: absent). */
  followUps?: SuggestedFollowUp[];
}

/**
 * A follow-up question suggested with an answer (`QueryResponse.followUps`) and the page
 * it was drawn from, kept in the answer's metadata so an evaluation can check that asking
 * it finds that page.
 */
export interface SuggestedFollowUp {
  question: string;
  /** The page's URL (with the section's anchor), or `null` for a document without one. */
  sourceUrl: string | null;
  datasourceName: string;
}

/** One stored message of a conversation, as the transcript API returns it. */
export interface ConversationMessage {
  id: string;
  role: MessageRole;
  text: string;
  /** ISO 8601. */
  createdAt: string;
  /** Sources of an `assistant` answer (empty for other roles). */
  sources: Source[];
  /** Answer metadata of an `assistant` message; `null` for other roles. */
  metadata: AnswerMetadata | null;
  /** The visitor's vote on an `assistant` message, if any. */
  eval: MessageEval | null;
  /** The visitor's comment with the vote, if any. */
  comment: string | null;
}

/** A message as its visitor sees it (no internal answer metadata). */
export type VisitorMessage = Omit<ConversationMessage, 'metadata'>;

/** A conversation in a list: who, which agent, status, counts, and its latest message. */
export interface ConversationSummary {
  id: string;
  /** The agent it belongs to (`null` once that agent is deleted). */
  agentId: string | null;
  visitorId: string;
  status: ConversationStatus;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601: time of the latest message or status change. */
  updatedAt: string;
  messageCount: number;
  /** Number of answers voted `good` and `bad`. */
  feedback: { good: number; bad: number };
  /** The latest message, or `null` for a conversation without messages. */
  lastMessage: { role: MessageRole; text: string; createdAt: string } | null;
  /** Where it happens (`widget`, `api`, `slack`, `discord`); `null` for one older than channels. */
  channel: ConversationChannel | null;
  /**
   * The signed-in user the visitor is (verified by the BFF: name, email, the host's
   * attributes); `null` for an anonymous visitor.
   */
  user: ConversationUser | null;
}

/** `GET /api/conversations/{id}`: the summary plus every message, oldest first. */
export interface ConversationDetail extends ConversationSummary {
  messages: ConversationMessage[];
}

/** Filters shared by the conversation list and the export (query-string parameters). */
export interface ConversationFilters {
  agentId?: string;
  /** Full-text search over the conversation's messages. */
  q?: string;
  /** Only conversations with at least one answer voted this way. */
  feedback?: MessageEval;
  status?: ConversationStatus;
  /** ISO 8601 (or a date): conversations last updated at or after this time. */
  from?: string;
  /** ISO 8601 (or a date): conversations last updated before this time. */
  to?: string;
  /** Only conversations of this channel. */
  channel?: ConversationChannel;
  /**
   * Only signed-in users' conversations whose user id, name or email contains this text
   * (case-insensitive); `*` for every signed-in user's.
   */
  user?: string;
  /** Only signed-in users' conversations with this attribute, as `key:value` (e.g. `plan:pro`). */
  attribute?: string;
}

/** Query of `GET /api/conversations`. */
export interface ConversationListQuery extends ConversationFilters {
  /** Opaque, from a previous page's `nextCursor`. */
  cursor?: string;
  /** Page size, 1..100 (default 20). */
  limit?: number;
}

/** Response of `GET /api/conversations`: newest (last updated) first. */
export interface ConversationListResponse {
  conversations: ConversationSummary[];
  /** Pass as `cursor` for the next page; `null` on the last page. */
  nextCursor: string | null;
}

/** Query of `GET /api/conversations/export`. */
export interface ConversationExportQuery extends ConversationFilters {
  /** Default `jsonl` (one ConversationDetail per line); `csv` has one row per message. */
  format?: ExportFormat;
}

/** Body of `POST /api/conversations/{id}/messages` (an operator's reply). */
export interface OperatorMessageBody {
  text: string;
}

/** Body of `POST /api/conversations/update-status` (status `open` hands back to the AI). */
export interface ConversationStatusBody {
  conversationId: string;
  status: ConversationStatus;
}

/** Body of `POST /api/conversations/eval-answer`: a vote, changed or cleared (`null`). */
export interface EvalAnswerBody {
  messageId: string;
  /** The visitor who owns the message's conversation (verified by the BFF). */
  visitorId: string;
  eval: MessageEval | null;
  /** At most 1,000 characters; cleared with the vote. */
  comment?: string;
}

/** Response of `POST /api/conversations/eval-answer`. */
export interface EvalAnswerResponse {
  messageId: string;
  eval: MessageEval | null;
  comment: string | null;
}

/** Body of `POST /api/conversations/{id}/handoff`: a visitor asks for a person. */
export interface HandoffBody {
  agentId: string;
  visitorId: string;
}

/**
 * Response of `POST /api/conversations/{id}/handoff`: the conversation's summary, with
 * `contactCapture` when the agent's contact capture offers the form on a handoff and the
 * visitor has left no contact yet.
 */
export interface HandoffSummary extends ConversationSummary {
  contactCapture?: ContactOffer;
}

/** Query of `GET /api/conversations/{id}/messages` (a visitor polling for replies). */
export interface VisitorMessagesQuery {
  agentId: string;
  visitorId: string;
  /** Only messages after this one (all messages when omitted). */
  after?: string;
}

/** Response of `GET /api/conversations/{id}/messages`. */
export interface VisitorMessagesResponse {
  status: ConversationStatus;
  messages: VisitorMessage[];
}

/** One of a visitor's conversations with an agent, as `POST /api/agents/{id}/visitor-conversations` lists it. */
export interface VisitorConversation {
  id: string;
  /** The visitor's first question (at most 200 characters, cut at a word; '' when none). */
  firstQuestion: string;
  status: ConversationStatus;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
}

/**
 * Response of `POST /api/agents/{id}/visitor-conversations`, most recently updated first:
 * those of the ids asked about that are the visitor's own with this agent.
 */
export interface VisitorConversationsResponse {
  conversations: VisitorConversation[];
}

/** Response of `POST /api/agents/{id}/visitor-conversations/delete`. */
export interface VisitorConversationDeleted {
  deleted: true;
}

/** The fixed answer a query gets while its conversation is in `handoff`. */
export const HANDOFF_ACKNOWLEDGEMENT = 'A person will reply here.';

import type { ContactOffer } from './contacts.js';
import type {
  ConversationStatus,
  EvalAnswerResponse,
  MessageEval,
  VisitorMessagesResponse,
} from './conversations.js';

/**
 * The BFF's public conversation routes, which the widget calls for its visitor. Every id
 * here is one the BFF gave the browser (a signed visitor token, and conversation and
 * message ids signed to that visitor and agent): anything else is 404 `NOT_FOUND`.
 * Paths are relative to the BFF's mount point; `{id}` is the agent id.
 */
export const WIDGET_CONVERSATION_PATHS = {
  /** `POST`: a vote on an answer ({@link FeedbackRequest} → {@link FeedbackResponse}). */
  feedback: (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/feedback`,
  /** `POST`: ask for a person ({@link HandoffRequest} → {@link HandoffResponse}). */
  handoff: (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/handoff`,
  /** `POST`: new messages and the status ({@link MessagesRequest} → {@link MessagesResponse}). */
  messages: (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/messages`,
  /** `POST`: leave contact details (`ContactRequest` → `ContactResponse`). */
  contact: (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/contact`,
  /** `GET`: the agent's contact capture settings (`ContactCaptureResponse`). */
  contactCapture: (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/contact-capture`,
  /** `POST`: summaries of the visitor's earlier conversations (`PastConversationsRequest` → `PastConversationsResponse`). */
  conversations: (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/conversations`,
  /** `POST`: become a signed-in user (`IdentifyRequest` → `IdentifyResponse`). */
  identify: (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/identify`,
  /** `POST`: delete one of the visitor's conversations (`DeleteConversationRequest` → `DeleteConversationResponse`). */
  deleteConversation: (agentId: string) =>
    `/api/agents/${encodeURIComponent(agentId)}/conversations/delete`,
} as const;

/** Body of `POST /api/agents/{id}/feedback`: a vote, changed or cleared (`null`). */
export interface FeedbackRequest {
  visitorId: string;
  /** The `messageId` of the answer. */
  messageId: string;
  eval: MessageEval | null;
  /** At most `LIMITS.commentLength.max` characters; cleared with the vote. */
  comment?: string;
}

/** Response of `POST /api/agents/{id}/feedback`. */
export type FeedbackResponse = EvalAnswerResponse;

/** Body of `POST /api/agents/{id}/handoff`. */
export interface HandoffRequest {
  visitorId: string;
  conversationId: string;
}

/** Response of `POST /api/agents/{id}/handoff`: the conversation's status (`handoff`). */
export interface HandoffResponse {
  status: ConversationStatus;
  /**
   * Set when the agent's contact capture offers the form on a handoff and the visitor has
   * left no contact yet (our service's extension).
   */
  contactCapture?: ContactOffer;
}

/** Body of `POST /api/agents/{id}/messages` (a POST, so the visitor token stays out of URLs and logs). */
export interface MessagesRequest {
  visitorId: string;
  conversationId: string;
  /** Only messages after this message id (all when omitted). */
  after?: string;
}

/** Response of `POST /api/agents/{id}/messages`: status and messages, oldest first. */
export type MessagesResponse = VisitorMessagesResponse;

/**
 * Body of `POST /api/agents/{id}/conversations`: the conversation ids the widget kept for
 * this agent (at most `LIMITS.pastConversations.max`), as the BFF signed them.
 */
export interface PastConversationsRequest {
  visitorId: string;
  conversationIds: string[];
}

/** One earlier conversation of the visitor, as the "Conversations" view lists it. */
export interface PastConversation {
  conversationId: string;
  /** The visitor's first question (at most 200 characters, cut at a word). */
  firstQuestion: string;
  status: ConversationStatus;
  createdAt: string;
  updatedAt: string;
}

/**
 * Response of `POST /api/agents/{id}/conversations`, newest first: only the visitor's own
 * conversations with this agent; ids that are unknown, deleted or someone else's are left
 * out (no error, so nothing is learnt about them).
 */
export interface PastConversationsResponse {
  conversations: PastConversation[];
}

/** Body of `POST /api/agents/{id}/conversations/delete`. */
export interface DeleteConversationRequest {
  visitorId: string;
  conversationId: string;
}

/** Response of `POST /api/agents/{id}/conversations/delete` (404 when not the visitor's). */
export interface DeleteConversationResponse {
  deleted: true;
}

import {
  type ContactCaptureResponse,
  type ContactRequest,
  type ContactResponse,
  type DeleteConversationRequest,
  type DeleteConversationResponse,
  type FeedbackRequest,
  type FeedbackResponse,
  type HandoffRequest,
  type HandoffResponse,
  type MessagesRequest,
  type MessagesResponse,
  type PastConversationsRequest,
  type PastConversationsResponse,
  WIDGET_CONVERSATION_PATHS,
} from '@agent-chat/protocol';
import { errorFromResponse } from './response-error.js';

/** The BFF's conversation routes the widget calls besides the query (see the BFF README). */
export interface ConversationApi {
  /** Sends a vote on an answer (changed or cleared with `eval: null`); rejects with a `ChatError`. */
  feedback(body: FeedbackRequest): Promise<FeedbackResponse>;
  /** Asks for a person (403 `HANDOFF_DISABLED` when the agent offers none). */
  handoff(body: HandoffRequest): Promise<HandoffResponse>;
  /** The conversation's status and its messages after `after`. */
  messages(body: MessagesRequest): Promise<MessagesResponse>;
  /** Leaves the visitor's contact details (400 `INVALID_REQUEST` names the field it refuses). */
  contact(body: ContactRequest): Promise<ContactResponse>;
  /** The agent's contact capture settings (a `GET`: nothing of the visitor's is sent). */
  contactCapture(): Promise<ContactCaptureResponse>;
  /** Summaries of the visitor's earlier conversations among `conversationIds`, newest first. */
  conversations(body: PastConversationsRequest): Promise<PastConversationsResponse>;
  /** Deletes one of the visitor's conversations (404 when not theirs). */
  deleteConversation(body: DeleteConversationRequest): Promise<DeleteConversationResponse>;
}

/** Options of {@link createConversationApi}. */
export interface ConversationApiOptions {
  agentId: string;
  /** BFF base URL, without a trailing slash. */
  endpoint: string;
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/**
 * Creates the {@link ConversationApi} over HTTP: JSON `POST`s sent as `text/plain` (no CORS
 * preflight) and plain `GET`s, without credentials; the visitor token travels in the body,
 * never in a URL.
 * An HTTP error rejects with a `ChatError` (the server's code and status); a failed
 * request rejects as `fetch` does.
 */
export function createConversationApi(options: ConversationApiOptions): ConversationApi {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const init: RequestInit = { credentials: 'omit' };
    if (body !== undefined) {
      init.method = 'POST';
      init.headers = { 'Content-Type': 'text/plain;charset=UTF-8' };
      init.body = JSON.stringify(body);
    }
    const response = await fetchImpl(`${options.endpoint}${path}`, init);
    if (!response.ok) throw await errorFromResponse(response, Date.now());
    return (await response.json()) as T;
  };
  return {
    feedback: (body) => call(WIDGET_CONVERSATION_PATHS.feedback(options.agentId), body),
    handoff: (body) => call(WIDGET_CONVERSATION_PATHS.handoff(options.agentId), body),
    messages: (body) => call(WIDGET_CONVERSATION_PATHS.messages(options.agentId), body),
    contact: (body) => call(WIDGET_CONVERSATION_PATHS.contact(options.agentId), body),
    contactCapture: () => call(WIDGET_CONVERSATION_PATHS.contactCapture(options.agentId)),
    conversations: (body) => call(WIDGET_CONVERSATION_PATHS.conversations(options.agentId), body),
    deleteConversation: (body) =>
      call(WIDGET_CONVERSATION_PATHS.deleteConversation(options.agentId), body),
  };
}

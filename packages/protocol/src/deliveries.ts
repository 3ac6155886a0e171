import type { Contact } from './contacts.js';
import type { ConversationMessage, ConversationSummary } from './conversations.js';
import type { ConversationUser } from './identity.js';
import type { ConversationChannel } from './integrations.js';

/**
 * Deliveries: what the service sends on its own — mails over SMTP and events to the
 * webhook — through a durable outbox in its database, retried with backoff. Operators read
 * the delivery log (`GET /api/deliveries`); receivers verify each event's signature.
 */

/** The events of the one signed event stream (`WEBHOOK_URL`). */
export const WEBHOOK_EVENT_TYPES = [
  'handoff.requested',
  'contact.captured',
  'conversation.resolved',
  'feedback.negative',
  'datasource.synched',
  'datasource.error',
  'gaps.report',
] as const;

/** One of {@link WEBHOOK_EVENT_TYPES}. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A datasource as an ingestion event carries it. */
export interface DatasourceEventData {
  datasource: {
    id: string;
    datastoreId: string;
    name: string;
    type: string;
    status: 'synched' | 'error';
    /** Why it failed (`datasource.error`), else `null`. */
    errorMessage: string | null;
  };
}

/** A content-gap topic as the weekly report (`gaps.report`, `GAPS_REPORT=weekly`) lists it. */
export interface GapsReportTopic {
  agentId: string;
  agentName: string;
  /** The topic's id (as `GET /api/insights/gaps` lists it). */
  id: string;
  label: string;
  typicalQuestion: string;
  /** Its questions in the report's 7 days, and in the 7 days before. */
  count: number;
  previousCount: number;
  trend: 'new' | 'up';
  /** The topic on the console's Insights page, when `PUBLIC_CONSOLE_URL` is set. */
  consoleUrl: string | null;
}

/** What each event type carries in `data`. */
export interface WebhookEventData {
  'handoff.requested': {
    conversation: ConversationSummary;
    /** The visitor's last question, if any. */
    question: string | null;
    /** The last messages, oldest first (at most 10). */
    messages: Pick<ConversationMessage, 'role' | 'text' | 'createdAt'>[];
    /** The conversation in the console, when `PUBLIC_CONSOLE_URL` is set. */
    consoleUrl: string | null;
  };
  'contact.captured': { contact: Contact; consoleUrl: string | null };
  'conversation.resolved': { conversation: ConversationSummary };
  'feedback.negative': {
    conversationId: string;
    agentId: string | null;
    visitorId: string;
    messageId: string;
    /** The answer voted down and the question it answered. */
    answer: string;
    question: string | null;
    comment: string | null;
    /** The conversation's channel, as in its summary. */
    channel: ConversationChannel | null;
    /** The signed-in user who voted, as in the conversation's summary; `null` when anonymous. */
    user: ConversationUser | null;
  };
  'datasource.synched': DatasourceEventData;
  'datasource.error': DatasourceEventData;
  /**
   * The weekly content-gaps report: the organization's top 10 new or growing topics of the
   * 7 days to `to` (not answered yet), largest first.
   */
  'gaps.report': { from: string; to: string; topics: GapsReportTopic[] };
}

/**
 * The JSON body POSTed to `WEBHOOK_URL`, signed (see `WEBHOOK_SIGNATURE_HEADER`). `id` is
 * the same on every retry of one event: receivers deduplicate by it.
 */
export type WebhookEvent = {
  [Type in WebhookEventType]: {
    id: string;
    type: Type;
    /** ISO 8601: when the event happened (not when this attempt was sent). */
    createdAt: string;
    organizationId: string;
    data: WebhookEventData[Type];
  };
}[WebhookEventType];

/** Header of a webhook's signature: `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-agent-chat-signature';
/** Header of the signing time, Unix seconds; receivers refuse old ones (replay). */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-agent-chat-timestamp';
/** Header of the event id (the body's `id`), for deduplication. */
export const WEBHOOK_EVENT_ID_HEADER = 'x-agent-chat-event-id';
/** How far a signed timestamp may be from the receiver's clock, in seconds, as we advise. */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;

/**
 * What a delivery is: a mail (SMTP), an event (webhook), or an agent's message to a Slack
 * thread or Discord channel that could not be posted at once (retried from the outbox).
 */
export const DELIVERY_KINDS = ['mail', 'webhook', 'slack', 'discord'] as const;
/** One of {@link DELIVERY_KINDS}. */
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/**
 * - `pending`: waiting for its first or next attempt (`nextAttemptAt`);
 * - `delivered`: the SMTP server or the receiver accepted it;
 * - `failed`: given up (too many attempts, or refused for good).
 */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** One of {@link DELIVERY_STATUSES}. */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One entry of the delivery log. */
export interface Delivery {
  id: string;
  kind: DeliveryKind;
  /** The event type, or the mail's purpose (`mail.handoff`, `mail.contact`, `mail.reply`, `mail.gaps-report`). */
  topic: string;
  /** The recipient's address, or the receiver's URL without its query string. */
  target: string;
  /** The mail's subject, or the event's id. */
  summary: string;
  conversationId: string | null;
  status: DeliveryStatus;
  attempts: number;
  /** ISO 8601; `null` once delivered or failed. */
  nextAttemptAt: string | null;
  /** Why the last attempt failed, if it did. */
  lastError: string | null;
  /** ISO 8601. */
  deliveredAt: string | null;
  /** ISO 8601. */
  createdAt: string;
}

/** Query of `GET /api/deliveries`. */
export interface DeliveryListQuery {
  status?: DeliveryStatus;
  kind?: DeliveryKind;
  /** Opaque, from a previous page's `nextCursor`. */
  cursor?: string;
  /** 1..`LIMITS.conversationPage.max` (default 20). */
  limit?: number;
}

/** Response of `GET /api/deliveries`: newest first. */
export interface DeliveryListResponse {
  deliveries: Delivery[];
  nextCursor: string | null;
}

/**
 * Response of `POST /api/conversations/{id}/messages`: the stored reply, and the address
 * it is also mailed to (the visitor left a contact and mail is configured), else `null`.
 */
export interface OperatorReplyResponse extends ConversationMessage {
  emailedTo: string | null;
}

/**
 * The notifier's contract, apart from how `createNotifier` makes it: what the rest of the
 * service tells it (each happening, queued in the caller's transaction) and what it is
 * made from (where mail and events go, the console's address, the clock, the worker's wake).
 */
import type { Contact, ConversationSummary, GapsReportTopic } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';

/**
 * Finds the contact a visitor left with an agent, or `null` (see `NotifierOptions.findContact`);
 * `database` is the transaction of the reply, to read in.
 */
export type FindContact = (
  agentId: string,
  visitorId: string,
  database: Queryable,
) => Promise<Contact | null>;

/** Options of {@link createNotifier}. */
export interface NotifierOptions {
  /** Mail is configured (SMTP): without it, no mail is queued. */
  mail?: {
    /** The operator's address (`NOTIFY_EMAIL`): handoff and contact mails; none without it. */
    notifyEmail?: string | undefined;
  };
  /** The event receiver (`WEBHOOK_URL`): without it, no event is queued. */
  webhookUrl?: string | undefined;
  /** The console's address (`PUBLIC_CONSOLE_URL`), for links in mails and events. */
  publicConsoleUrl?: string | undefined;
  /**
   * The contact a visitor left, by (agent, visitor): an operator's reply is mailed to it.
   * Default: the `contacts` table.
   */
  findContact?: FindContact | undefined;
  /** Clock of the events' `createdAt` and of the rows' due time. */
  now: () => number;
  /** Tells the delivery worker rows were queued (call after the transaction commits). */
  wake: () => void;
}

/**
 * What happened, as the service tells people: every method queues rows in the outbox
 * inside the caller's transaction (`database`) and sends nothing itself; call `wake()`
 * once that transaction has committed.
 */
export interface Notifier {
  /**
   * A visitor asked for a person: `handoff.requested`, and a mail to the operator (with the
   * signed-in user's name, email and attributes; Reply-To: the user's verified email).
   */
  handoffRequested(
    database: Queryable,
    organizationId: string,
    conversation: ConversationSummary,
  ): Promise<void>;
  /**
   * A visitor left a contact: `contact.captured`, and a mail to the operator. The contacts
   * feature calls it when it stores a new contact.
   */
  contactCaptured(database: Queryable, organizationId: string, contact: Contact): Promise<void>;
  /** An operator resolved a conversation: `conversation.resolved`. */
  conversationResolved(
    database: Queryable,
    organizationId: string,
    conversation: ConversationSummary,
  ): Promise<void>;
  /** A visitor voted an answer down: `feedback.negative`. */
  negativeFeedback(database: Queryable, organizationId: string, messageId: string): Promise<void>;
  /**
   * Ingestion settled these datasources (their status is `synched` or `error` in
   * `database`, the transaction that wrote it): `datasource.synched` / `datasource.error`.
   */
  datasourcesSettled(database: Queryable, datasourceIds: readonly string[]): Promise<void>;
  /**
   * An operator replied in the console: when mail is configured and the visitor is a
   * signed-in user with an email, or left a contact, the reply is mailed there (the
   * verified email first). Returns the address, or `null`.
   */
  operatorReplied(
    database: Queryable,
    organizationId: string,
    conversationId: string,
    reply: string,
  ): Promise<string | null>;
  /**
   * The weekly content-gaps report of an organization: `gaps.report`, and a mail to the
   * operator (`NOTIFY_EMAIL`). Returns whether anything was queued.
   */
  gapsReport(
    database: Queryable,
    organizationId: string,
    report: { organizationName: string; from: string; to: string; topics: GapsReportTopic[] },
  ): Promise<boolean>;
  /** Whether {@link gapsReport} has anywhere to send: mail to the operator, or the events. */
  readonly reports: boolean;
  /** Wakes the delivery worker: rows were queued by a transaction that has committed. */
  wake(): void;
}

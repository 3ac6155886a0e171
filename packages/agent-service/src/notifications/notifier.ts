import { randomUUID } from 'node:crypto';
import type {
  Contact,
  ConversationSummary,
  GapsReportTopic,
  WebhookEventData,
  WebhookEventType,
} from '@agent-chat/protocol';
import { getAgent } from '../agents/index.js';
import { findContact } from '../contacts/index.js';
import { getConversationSummary, recentMessages, votedAnswer } from '../conversations/index.js';
import { enqueueDelivery, type MailMessage } from '../outbox/index.js';
import type { Queryable } from '../store/index.js';
import { conversationLink } from './console-link.js';
import {
  contactMail,
  gapsReportMail,
  handoffMail,
  type MailText,
  replyMail,
} from './notification-mails.js';

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

/** How many messages the operator's mails and the handoff event quote. */
const QUOTED_MESSAGES = 10;

/** Creates the notifier (see {@link Notifier}). */
export function createNotifier(options: NotifierOptions): Notifier {
  const operatorEmail = options.mail?.notifyEmail;
  const lookUpContact: FindContact =
    options.findContact ??
    ((agentId, visitorId, database) => findContact(database, agentId, visitorId));
  const at = () => new Date(options.now());

  async function queueEvent<Type extends WebhookEventType>(
    database: Queryable,
    organizationId: string,
    type: Type,
    data: WebhookEventData[Type],
    conversationId: string | null,
  ): Promise<void> {
    if (options.webhookUrl === undefined) return;
    const id = randomUUID();
    const createdAt = at();
    const body = JSON.stringify({
      id,
      type,
      createdAt: createdAt.toISOString(),
      organizationId,
      data,
    });
    await enqueueDelivery(
      database,
      {
        organizationId,
        kind: 'webhook',
        topic: type,
        summary: id,
        conversationId,
        payload: { url: options.webhookUrl, eventId: id, body },
      },
      createdAt,
    );
  }

  async function queueMail(
    database: Queryable,
    organizationId: string,
    topic: string,
    conversationId: string | null,
    mail: MailText & Omit<MailMessage, 'subject' | 'text'>,
  ): Promise<void> {
    await enqueueDelivery(
      database,
      { organizationId, kind: 'mail', topic, summary: mail.subject, conversationId, payload: mail },
      at(),
    );
  }

  async function agentName(
    database: Queryable,
    organizationId: string,
    agentId: string | null,
  ): Promise<string> {
    if (agentId === null) return 'a deleted agent';
    return getAgent(database, organizationId, agentId).then(
      (agent) => agent.name,
      () => 'a deleted agent',
    );
  }

  async function context(database: Queryable, organizationId: string, conversationId: string) {
    const messages = await recentMessages(
      database,
      organizationId,
      conversationId,
      QUOTED_MESSAGES,
    );
    const question = messages.findLast((message) => message.role === 'user')?.text ?? null;
    return { messages, question, link: conversationLink(options.publicConsoleUrl, conversationId) };
  }

  return {
    async handoffRequested(database, organizationId, conversation) {
      if (options.webhookUrl === undefined && operatorEmail === undefined) return;
      const { messages, question, link } = await context(database, organizationId, conversation.id);
      await queueEvent(
        database,
        organizationId,
        'handoff.requested',
        { conversation, question, messages, consoleUrl: link },
        conversation.id,
      );
      if (operatorEmail === undefined) return;
      const name = await agentName(database, organizationId, conversation.agentId);
      const userEmail = conversation.user?.email ?? null;
      await queueMail(database, organizationId, 'mail.handoff', conversation.id, {
        to: operatorEmail,
        ...(userEmail === null ? {} : { replyTo: userEmail }),
        ...handoffMail({
          agentName: name,
          conversationId: conversation.id,
          question,
          messages,
          link,
          channel: conversation.channel,
          user: conversation.user,
        }),
      });
    },

    async contactCaptured(database, organizationId, contact) {
      if (options.webhookUrl === undefined && operatorEmail === undefined) return;
      const quoted = contact.conversationId
        ? await context(database, organizationId, contact.conversationId)
        : { messages: [], question: null, link: null };
      await queueEvent(
        database,
        organizationId,
        'contact.captured',
        { contact, consoleUrl: quoted.link },
        contact.conversationId,
      );
      if (operatorEmail === undefined) return;
      const name = await agentName(database, organizationId, contact.agentId);
      await queueMail(database, organizationId, 'mail.contact', contact.conversationId, {
        to: operatorEmail,
        replyTo: contact.email,
        ...contactMail({ agentName: name, contact, ...quoted }),
      });
    },

    async conversationResolved(database, organizationId, conversation) {
      await queueEvent(
        database,
        organizationId,
        'conversation.resolved',
        { conversation },
        conversation.id,
      );
    },

    async negativeFeedback(database, organizationId, messageId) {
      if (options.webhookUrl === undefined) return;
      const vote = await votedAnswer(database, organizationId, messageId);
      await queueEvent(database, organizationId, 'feedback.negative', vote, vote.conversationId);
    },

    async datasourcesSettled(database, datasourceIds) {
      if (options.webhookUrl === undefined || datasourceIds.length === 0) return;
      const rows = await database.query<{
        id: string;
        organization_id: string;
        datastore_id: string;
        name: string;
        type: string;
        status: string;
        error_message: string | null;
      }>(
        `SELECT id, organization_id, datastore_id, name, type, status,
           config->>'errorMessage' AS error_message
         FROM datasources WHERE id = ANY($1::text[]) AND status IN ('synched', 'error')
         ORDER BY seq`,
        [[...datasourceIds]],
      );
      for (const row of rows) {
        const status = row.status === 'error' ? 'error' : 'synched';
        await queueEvent(
          database,
          row.organization_id,
          status === 'error' ? 'datasource.error' : 'datasource.synched',
          {
            datasource: {
              id: row.id,
              datastoreId: row.datastore_id,
              name: row.name,
              type: row.type,
              status,
              errorMessage: status === 'error' ? row.error_message : null,
            },
          },
          null,
        );
      }
    },

    async operatorReplied(database, organizationId, conversationId, reply) {
      if (options.mail === undefined) return null;
      const conversation = await getConversationSummary(database, organizationId, conversationId);
      if (conversation.agentId === null) return null;
      // A signed-in user's verified email comes first: the host vouched for it.
      const to =
        conversation.user?.email ??
        (await lookUpContact(conversation.agentId, conversation.visitorId, database))?.email;
      if (to === undefined) return null;
      const messages = await recentMessages(
        database,
        organizationId,
        conversationId,
        QUOTED_MESSAGES,
      );
      const question = messages.findLast((message) => message.role === 'user')?.text ?? null;
      const name = await agentName(database, organizationId, conversation.agentId);
      await queueMail(database, organizationId, 'mail.reply', conversationId, {
        to,
        ...(operatorEmail === undefined ? {} : { replyTo: operatorEmail }),
        ...replyMail({ agentName: name, reply, question }),
      });
      return to;
    },

    async gapsReport(database, organizationId, report) {
      const { organizationName, ...data } = report;
      await queueEvent(database, organizationId, 'gaps.report', data, null);
      if (operatorEmail !== undefined) {
        await queueMail(database, organizationId, 'mail.gaps-report', null, {
          to: operatorEmail,
          ...gapsReportMail(report),
        });
      }
      return options.webhookUrl !== undefined || operatorEmail !== undefined;
    },

    reports: options.webhookUrl !== undefined || operatorEmail !== undefined,

    wake: options.wake,
  };
}

/**
 * The notifier: each happening the service tells people of (a handoff, a contact, a
 * resolution, a vote down, a settled datasource, an operator's reply, the gaps report)
 * turned into the events and mails it queues.
 */
import { findContact } from '../contacts/index.js';
import { getConversationSummary, recentMessages, votedAnswer } from '../conversations/index.js';
import type { Queryable } from '../store/index.js';
import { agentName, conversationContext, QUOTED_MESSAGES } from './notification-context.js';
import { contactMail, gapsReportMail, handoffMail, replyMail } from './notification-mails.js';
import { createNotificationQueue } from './notification-queue.js';
import type { FindContact, Notifier, NotifierOptions } from './notifier-contract.js';

/** Creates the notifier (see {@link Notifier}). */
export function createNotifier(options: NotifierOptions): Notifier {
  const operatorEmail = options.mail?.notifyEmail;
  const lookUpContact: FindContact =
    options.findContact ??
    ((agentId, visitorId, database) => findContact(database, agentId, visitorId));
  const queue = createNotificationQueue(options.webhookUrl, () => new Date(options.now()));
  const queueEvent = queue.event;
  const queueMail = queue.mail;
  const context = (database: Queryable, organizationId: string, conversationId: string) =>
    conversationContext(database, organizationId, conversationId, options.publicConsoleUrl);

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

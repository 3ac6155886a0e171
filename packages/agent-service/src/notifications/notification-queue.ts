/**
 * Queueing notifications in the outbox: a webhook event (when a receiver is configured)
 * or a mail, as delivery rows written inside the caller's transaction; the delivery
 * worker sends them once it commits.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventData, WebhookEventType } from '@agent-chat/protocol';
import { enqueueDelivery, type MailMessage } from '../outbox/index.js';
import type { Queryable } from '../store/index.js';
import type { MailText } from './notification-mails.js';

/** Queues events and mails; see {@link createNotificationQueue}. */
interface NotificationQueue {
  /** Queues event `type` with its data (nothing without a receiver). */
  event<Type extends WebhookEventType>(
    database: Queryable,
    organizationId: string,
    type: Type,
    data: WebhookEventData[Type],
    conversationId: string | null,
  ): Promise<void>;
  /** Queues a mail, its topic (`mail.handoff` …) naming it in the delivery log. */
  mail(
    database: Queryable,
    organizationId: string,
    topic: string,
    conversationId: string | null,
    mail: MailText & Omit<MailMessage, 'subject' | 'text'>,
  ): Promise<void>;
}

/** Creates the queue of a notifier: events go to `webhookUrl`, rows are due at `at()`. */
export function createNotificationQueue(
  webhookUrl: string | undefined,
  at: () => Date,
): NotificationQueue {
  async function queueEvent<Type extends WebhookEventType>(
    database: Queryable,
    organizationId: string,
    type: Type,
    data: WebhookEventData[Type],
    conversationId: string | null,
  ): Promise<void> {
    if (webhookUrl === undefined) return;
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
        payload: { url: webhookUrl, eventId: id, body },
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

  return { event: queueEvent, mail: queueMail };
}

/**
 * Outbox: mails, webhook events and agents' Slack and Discord messages the service sends on its own, queued as rows of the
 * database (an INSERT inside the request's transaction, nothing sent by the request) and
 * delivered by a worker in every service process — claimed with `FOR UPDATE SKIP LOCKED`,
 * retried with exponential backoff, `failed` after too many attempts — and listed as the
 * organization's delivery log. Mail goes through nodemailer (SMTP); events are signed with
 * HMAC-SHA256 and posted through the SSRF-safe fetcher. Erasing a conversation forgets
 * its deliveries; the log keeps 30 days.
 */

export { DeliveryError } from './delivery-error.js';
export { enqueueDelivery } from './enqueue-delivery.js';
export { forgetDeliveries } from './forget-deliveries.js';
export { listDeliveries } from './list-deliveries.js';
export { createMailTransport } from './mail-transport.js';
export type {
  ChannelTransport,
  DiscordDelivery,
  MailMessage,
  SlackDelivery,
} from './outbox-entry.js';
export {
  createOutboxWorker,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from './outbox-worker.js';
export { signWebhook, verifyWebhook, WEBHOOK_SECRET_MIN_LENGTH } from './webhook-signature.js';
export { createWebhookTransport } from './webhook-transport.js';

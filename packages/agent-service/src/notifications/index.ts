/**
 * Notifications: what the service tells people when something happens — a visitor asks
 * for a person or leaves a contact, an operator replies or resolves, a visitor votes an
 * answer down, ingestion finishes or fails — as mails (the operator at `NOTIFY_EMAIL`, the
 * visitor at the contact they left) and signed webhook events, queued in the outbox inside
 * the transaction that made the change; and the weekly content-gaps report's.
 */
export { gapTopicLink } from './console-link.js';
export { createNotifier } from './notifier.js';
export type { FindContact, Notifier } from './notifier-contract.js';

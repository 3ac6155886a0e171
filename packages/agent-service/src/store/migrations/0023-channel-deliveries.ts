import type { Migration } from './migration.js';

/**
 * Migration 23: the outbox also holds an agent's messages to Slack and Discord that could
 * not be posted at once (the platform down past the client's retries), so they are
 * retried with the outbox's backoff instead of lost. Their payload names the agent and the
 * thread or channel, never a token.
 */
export const channelDeliveries: Migration = {
  id: 23,
  name: 'Slack and Discord messages in the outbox',
  sql: `
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('mail', 'webhook', 'slack', 'discord'));
`,
};

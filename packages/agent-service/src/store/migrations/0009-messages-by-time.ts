import type { Migration } from './migration.js';

/** Migration 9: insights: messages by time. */
export const messagesByTime: Migration = {
  id: 9,
  name: 'insights: messages by time',
  // GET /api/insights aggregates the messages of a time range; without this index every
  // call reads all of the organization's messages.
  sql: `
CREATE INDEX messages_organization_time ON messages (organization_id, created_at);
`,
};

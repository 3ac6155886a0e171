import type { Migration } from './migration.js';

/**
 * Migration 20: signed-in users (issue 55). The BFF verified the host's signature and tells
 * the service which user a visitor is, with the user's name, email and attributes; one row
 * per (agent, visitor). `identified_visitors_user` serves `DELETE /api/users/{userId}`.
 */
export const identifiedVisitors: Migration = {
  id: 20,
  name: 'identified visitors',
  sql: `
CREATE TABLE identified_visitors (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  visitor_id text NOT NULL,
  user_id text NOT NULL,
  name text,
  email text,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, agent_id, visitor_id)
);
CREATE INDEX identified_visitors_user ON identified_visitors (organization_id, user_id);
CREATE INDEX identified_visitors_updated ON identified_visitors (updated_at);
`,
};

import type { Migration } from './migration.js';

/**
 * Migration 21: agents answering in Slack and Discord (issue 54). `integrations` holds one
 * row per (agent, platform): the workspace or application it answers for, and its
 * credentials as AES-256-GCM ciphertext (`INTEGRATIONS_SECRET`), never in the clear.
 * `integration_threads` maps a Slack thread or a Discord interaction to the conversation it
 * continues, and is where an operator's reply finds its way back. `integration_events`
 * remembers the platform messages already taken, so a redelivery (Slack retries until it
 * hears 200 within 3 s) never produces a second answer, even on another process.
 * `conversations.channel` says where a conversation happened (`NULL`: before this).
 */
export const integrations: Migration = {
  id: 21,
  name: 'Slack and Discord integrations',
  sql: `
CREATE TABLE integrations (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('slack', 'discord')),
  external_id text NOT NULL,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  secrets text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agent_id, kind)
);
CREATE INDEX integrations_organization ON integrations (organization_id);
CREATE TABLE integration_threads (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('slack', 'discord')),
  thread_key text NOT NULL,
  conversation_id text NOT NULL,
  place jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agent_id, kind, thread_key)
);
CREATE INDEX integration_threads_conversation ON integration_threads (organization_id, conversation_id);
CREATE TABLE integration_events (
  kind text NOT NULL,
  event_key text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, event_key)
);
CREATE INDEX integration_events_age ON integration_events (received_at);
ALTER TABLE conversations ADD COLUMN channel text;
`,
};

import type { Migration } from './migration.js';

/** Migration 15: contacts (one per agent and visitor) and agents' contact capture settings. */
export const contacts: Migration = {
  id: 15,
  name: 'contacts and agent contact capture settings',
  // `contact_capture` NULL means the agent never set it (DEFAULT_CONTACT_CAPTURE, off).
  // A contact goes with its agent; `conversations_visitor` serves erasure and the
  // retention sweep, which look up a visitor's conversations with an agent.
  sql: `
ALTER TABLE agents ADD COLUMN contact_capture jsonb;
CREATE TABLE contacts (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  visitor_id text NOT NULL,
  conversation_id text,
  email text NOT NULL,
  name text,
  phone text,
  consent_text text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, agent_id, visitor_id)
);
CREATE INDEX contacts_recent ON contacts (organization_id, updated_at DESC, id DESC);
CREATE INDEX contacts_updated ON contacts (updated_at);
CREATE INDEX conversations_visitor ON conversations (organization_id, agent_id, visitor_id);
`,
};

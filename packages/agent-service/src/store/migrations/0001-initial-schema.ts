import type { Migration } from './migration.js';

const timestamps = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

/** Migration 1: initial schema. */
export const initialSchema: Migration = {
  id: 1,
  name: 'initial schema',
  sql: `
CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL,
  usage_limit_queries integer,
  usage_limit_period_ms double precision,${timestamps}
);
CREATE TABLE api_keys (
  key_hash text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_organization ON api_keys (organization_id);
CREATE TABLE datastores (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  type text NOT NULL DEFAULT 'qdrant',
  visibility text NOT NULL DEFAULT 'private',${timestamps}
);
CREATE INDEX datastores_organization ON datastores (organization_id, created_at);
CREATE TABLE agents (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  model_name text NOT NULL DEFAULT 'gpt_3_5_turbo',
  temperature double precision NOT NULL DEFAULT 0,
  visibility text NOT NULL DEFAULT 'private',
  system_prompt text,
  user_prompt text,
  prompt_type text NOT NULL DEFAULT 'customer_support',
  prompt_template text,${timestamps}
);
CREATE INDEX agents_organization ON agents (organization_id, created_at);
CREATE TABLE agent_datastores (
  agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  datastore_id text NOT NULL REFERENCES datastores (id) ON DELETE CASCADE,
  PRIMARY KEY (agent_id, datastore_id)
);
CREATE INDEX agent_datastores_datastore ON agent_datastores (datastore_id);
CREATE TABLE datasources (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  datastore_id text NOT NULL REFERENCES datastores (id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'text',
  name text NOT NULL,
  status text NOT NULL DEFAULT 'unsynched',
  group_id text,
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  text text NOT NULL DEFAULT '',
  last_synch timestamptz,${timestamps}
);
CREATE INDEX datasources_datastore ON datasources (datastore_id, created_at);
CREATE INDEX datasources_custom_id ON datasources ((config ->> 'custom_id'));
CREATE TABLE chunks (
  id text PRIMARY KEY,
  datasource_id text NOT NULL REFERENCES datasources (id) ON DELETE CASCADE,
  datastore_id text NOT NULL,
  position integer NOT NULL,
  title text NOT NULL DEFAULT '',
  content text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')
  ) STORED
);
CREATE INDEX chunks_tsv ON chunks USING gin (tsv);
CREATE INDEX chunks_datasource ON chunks (datasource_id, position);
CREATE INDEX chunks_datastore ON chunks (datastore_id);
CREATE TABLE conversations (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  agent_id text REFERENCES agents (id) ON DELETE SET NULL,
  visitor_id text NOT NULL,${timestamps},
  PRIMARY KEY (organization_id, id)
);
CREATE TABLE messages (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  conversation_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  text text NOT NULL,
  sources jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, conversation_id)
    REFERENCES conversations (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX messages_conversation ON messages (organization_id, conversation_id, seq);
CREATE TABLE usage_counters (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  period_start double precision NOT NULL,
  queries integer NOT NULL,
  PRIMARY KEY (organization_id, period_start)
);
`,
};

import type { Migration } from './migration.js';

/** Migration 5: conversations: status, operator messages, answer metadata, feedback, search. */
export const conversationStatus: Migration = {
  id: 5,
  name: 'conversations: status, operator messages, answer metadata, feedback, search',
  sql: `
ALTER TABLE conversations ADD COLUMN status text NOT NULL DEFAULT 'open'
  CHECK (status IN ('open', 'handoff', 'resolved'));
CREATE INDEX conversations_recent ON conversations (organization_id, updated_at DESC, id DESC);
CREATE INDEX conversations_agent_recent
  ON conversations (organization_id, agent_id, updated_at DESC, id DESC);
CREATE INDEX conversations_updated ON conversations (updated_at);
ALTER TABLE messages DROP CONSTRAINT messages_role_check;
ALTER TABLE messages ADD CONSTRAINT messages_role_check
  CHECK (role IN ('user', 'assistant', 'operator'));
ALTER TABLE messages ADD COLUMN metadata jsonb;
ALTER TABLE messages ADD COLUMN eval text CHECK (eval IN ('good', 'bad'));
ALTER TABLE messages ADD COLUMN comment text;
ALTER TABLE messages ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED;
CREATE INDEX messages_tsv ON messages USING gin (tsv);
CREATE INDEX messages_eval ON messages (organization_id, conversation_id, eval) WHERE eval IS NOT NULL;
ALTER TABLE agents ADD COLUMN handoff_enabled boolean NOT NULL DEFAULT false;
`,
};

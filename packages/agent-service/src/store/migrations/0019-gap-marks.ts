import type { Migration } from './migration.js';

/**
 * Migration 19: what owners did with content-gap topics (issue 53). A mark is `answered`
 * (the Q&A datasource the answer went to) or `hidden` (not relevant); its `questions` are
 * grouped with the gaps each time topics are listed, so the topics they join — the marked
 * one and its look-alikes later — carry the mark.
 */
export const gapMarks: Migration = {
  id: 19,
  name: 'content-gap topic marks',
  sql: `
CREATE TABLE gap_marks (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  topic_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('answered', 'hidden')),
  questions jsonb NOT NULL,
  marked_by text NOT NULL,
  datasource_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX gap_marks_agent ON gap_marks (organization_id, agent_id, created_at);
`,
};

import type { Migration } from './migration.js';

/**
 * Migration 22: stable content-gap topic ids and the weekly gaps report (issue 53).
 * `gap_topics` remembers each topic an agent's gaps were grouped into — its id and its
 * signature (the strongest terms of its centroid) — so the next grouping, with other gaps
 * in another period, gives the topic holding most of the same gaps (its answers' message ids,
 * the newest 100), else the one whose terms resemble it most, the same id: marks, console
 * links and reports stay attached as gaps arrive and age out. `gap_reports` records when
 * an organization's last report was sent (`GAPS_REPORT=weekly`), claimed by a conditional
 * upsert in the transaction that queues it, so restarts and replicas never send one twice.
 */
export const gapTopicIds: Migration = {
  id: 22,
  name: 'stable content-gap topic ids and weekly reports',
  sql: `
CREATE TABLE gap_topics (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  id text NOT NULL,
  signature jsonb NOT NULL,
  message_ids jsonb NOT NULL,
  label text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, agent_id, id)
);
CREATE TABLE gap_reports (
  organization_id text PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
`,
};

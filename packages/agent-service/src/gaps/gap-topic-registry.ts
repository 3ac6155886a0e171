import type { Queryable } from '../store/index.js';
import type { KnownTopic } from './topic-ids.js';

/** Topics not seen in a grouping for this long are forgotten (their ids with them). */
const FORGET_AFTER_DAYS = 400;

/** An agent's topics as remembered (migration 22), for `assignTopicIds`. */
export async function readKnownTopics(
  database: Queryable,
  organizationId: string,
  agentId: string,
): Promise<KnownTopic[]> {
  const rows = await database.query<{
    id: string;
    signature: Record<string, number>;
    message_ids: string[];
  }>(
    `SELECT id, signature, message_ids FROM gap_topics WHERE organization_id = $1 AND agent_id = $2
     ORDER BY id`,
    [organizationId, agentId],
  );
  return rows.map((row) => ({
    id: row.id,
    signature: new Map(Object.entries(row.signature)),
    messageIds: row.message_ids,
  }));
}

/**
 * Remembers the topics of a grouping under their ids, with their current signatures (so a
 * topic that drifts slowly keeps its id), and forgets the ones unseen for
 * {@link FORGET_AFTER_DAYS} days. One statement each; concurrent callers agree (same ids).
 */
export async function rememberTopics(
  database: Queryable,
  organizationId: string,
  agentId: string,
  topics: readonly (KnownTopic & { label: string })[],
  now: Date,
): Promise<void> {
  if (topics.length > 0) {
    const rows = topics.map((topic) => ({
      id: topic.id,
      label: topic.label,
      message_ids: topic.messageIds,
      signature: Object.fromEntries(
        [...topic.signature].map(([term, weight]) => [term, Math.round(weight * 1e4) / 1e4]),
      ),
    }));
    await database.query(
      `INSERT INTO gap_topics (organization_id, agent_id, id, signature, message_ids, label, seen_at)
       SELECT $1, $2, t.id, t.signature, t.message_ids, t.label, $4
       FROM jsonb_to_recordset($3::jsonb) AS t (id text, signature jsonb, message_ids jsonb, label text)
       ON CONFLICT (organization_id, agent_id, id) DO UPDATE
         SET signature = EXCLUDED.signature, message_ids = EXCLUDED.message_ids,
           label = EXCLUDED.label, seen_at = EXCLUDED.seen_at`,
      [organizationId, agentId, JSON.stringify(rows), now],
    );
  }
  await database.query(
    `DELETE FROM gap_topics WHERE organization_id = $1 AND agent_id = $2
       AND seen_at < $3::timestamptz - interval '${FORGET_AFTER_DAYS} days'`,
    [organizationId, agentId, now],
  );
}

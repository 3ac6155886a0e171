import { createId, type Queryable } from '../store/index.js';
import type { OutboxEntry } from './outbox-entry.js';

/** The recipient or receiver as the delivery log shows it: a URL without its query string. */
function targetOf(entry: OutboxEntry): string {
  if (entry.kind === 'mail') return entry.payload.to;
  if (entry.kind === 'slack') return `Slack ${entry.payload.channel}`;
  if (entry.kind === 'discord') return `Discord ${entry.payload.channelId}`;
  const url = new URL(entry.payload.url);
  return `${url.origin}${url.pathname}`;
}

/**
 * Queues a delivery: one INSERT, due at `now`, nothing sent. Run it inside the transaction
 * that makes the change it reports (a handoff, an ingestion's result), so the delivery
 * exists if and only if the change does. Returns its id.
 */
export async function enqueueDelivery(
  database: Queryable,
  entry: OutboxEntry,
  now: Date,
): Promise<string> {
  const id = createId();
  await database.query(
    `INSERT INTO outbox
       (id, organization_id, kind, topic, target, summary, conversation_id, payload,
        next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $9)`,
    [
      id,
      entry.organizationId,
      entry.kind,
      entry.topic,
      targetOf(entry),
      entry.summary,
      entry.conversationId ?? null,
      JSON.stringify(entry.payload),
      now,
    ],
  );
  return id;
}

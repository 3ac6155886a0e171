import type { Queryable } from '../store/index.js';

/**
 * Deletes the deliveries about these conversations, whatever their status: an erased
 * conversation leaves no mail waiting with its words in it. Run it in the erasure's
 * transaction. Returns how many it deleted.
 */
export async function forgetDeliveries(
  database: Queryable,
  organizationId: string,
  conversationIds: readonly string[],
): Promise<number> {
  if (conversationIds.length === 0) return 0;
  const rows = await database.query(
    `DELETE FROM outbox WHERE organization_id = $1 AND conversation_id = ANY($2::text[])
     RETURNING 1`,
    [organizationId, [...conversationIds]],
  );
  return rows.length;
}

/**
 * Deletes delivered and failed rows created before `before`: the log keeps a window of
 * history, not all of it. Pending rows are kept, however old. Returns how many it deleted.
 */
export async function pruneDeliveries(database: Queryable, before: Date): Promise<number> {
  const rows = await database.query(
    `DELETE FROM outbox WHERE status <> 'pending' AND created_at < $1 RETURNING 1`,
    [before],
  );
  return rows.length;
}

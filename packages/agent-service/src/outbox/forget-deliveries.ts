import type { Queryable } from '../store/index.js';

/**
 * Deletes the organization's deliveries about conversations that no longer exist, whatever
 * their status: an erased conversation leaves no mail waiting with its words in it. Run it
 * in the erasure's transaction, after the conversations are deleted (by an operator, or
 * with a contact). Returns how many it deleted.
 */
export async function forgetDeliveries(
  database: Queryable,
  organizationId: string,
): Promise<number> {
  const rows = await database.query(
    `DELETE FROM outbox o WHERE o.organization_id = $1 AND o.conversation_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM conversations c
                       WHERE c.organization_id = o.organization_id AND c.id = o.conversation_id)
     RETURNING 1`,
    [organizationId],
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

import type { Database } from '../store/index.js';
import type { ClaimedDelivery } from './outbox-entry.js';

/**
 * Claims up to `limit` due deliveries (`pending`, `next_attempt_at` ≤ `now`) with
 * `FOR UPDATE SKIP LOCKED`, counts the attempt and moves `next_attempt_at` to `now +
 * leaseMs`: concurrent workers, in this process or others on the same PostgreSQL, never
 * claim the same row, and a row whose worker died is due again after the lease. The
 * claim commits at once; the attempt runs outside any transaction.
 */
export async function claimDeliveries(
  database: Database,
  options: { now: Date; leaseMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  return database.transaction(async (transaction) => {
    const rows = await transaction.query<ClaimedDelivery>(
      `WITH due AS (
         SELECT id FROM outbox
         WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at, seq
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE outbox o SET attempts = o.attempts + 1,
         next_attempt_at = $1::timestamptz + $2 * interval '1 millisecond'
       FROM due WHERE o.id = due.id
       RETURNING o.id, o.kind, o.attempts, o.payload`,
      [options.now, options.leaseMs, options.limit],
    );
    return rows;
  });
}

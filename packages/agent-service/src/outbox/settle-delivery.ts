import type { Queryable } from '../store/index.js';

/**
 * Records a delivered row: `delivered`, `delivered_at` set, and its payload (the mail's
 * text, the event's body: visitors' words) dropped; the log keeps topic, target and summary.
 */
export async function markDelivered(database: Queryable, id: string, at: Date): Promise<void> {
  await database.query(
    `UPDATE outbox SET status = 'delivered', delivered_at = $2, last_error = NULL,
       payload = '{}'::jsonb
     WHERE id = $1 AND status = 'pending'`,
    [id, at],
  );
}

/**
 * Records a failed attempt: due again at `retryAt`, or `failed` for good when `retryAt`
 * is `null` (too many attempts, or refused in a way a retry cannot change) — its payload
 * then dropped too, as nothing will send it.
 */
export async function recordFailure(
  database: Queryable,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await database.query(
    `UPDATE outbox SET last_error = $2,
       status = CASE WHEN $3::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
       next_attempt_at = coalesce($3::timestamptz, next_attempt_at),
       payload = CASE WHEN $3::timestamptz IS NULL THEN '{}'::jsonb ELSE payload END
     WHERE id = $1 AND status = 'pending'`,
    [id, error.slice(0, 1_000), retryAt],
  );
}

import type { Queryable } from '../store/index.js';

/** How long a taken event is remembered: Slack retries for about an hour at most. */
const REMEMBER_MS = 86_400_000;

/**
 * Takes a platform message for answering: true the first time `key` is seen for `kind`,
 * false on every redelivery (Slack's retries with `X-Slack-Retry-Num`, or the same message
 * arriving as both `app_mention` and `message`), whichever process receives it — the row
 * is the lock. Keys older than a day are forgotten on the way.
 */
export async function claimEvent(
  database: Queryable,
  kind: string,
  key: string,
  now: Date,
): Promise<boolean> {
  const rows = await database.query(
    `INSERT INTO integration_events (kind, event_key, received_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING event_key`,
    [kind, key, now],
  );
  if (rows.length > 0) {
    await database.query('DELETE FROM integration_events WHERE received_at < $1', [
      new Date(now.getTime() - REMEMBER_MS),
    ]);
  }
  return rows.length > 0;
}

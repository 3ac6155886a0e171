import type { Logger } from '../logger.js';
import type { Queryable } from '../store/index.js';

const DAY_MS = 86_400_000;
/** Conversations deleted per statement, so one sweep never holds a long lock. */
const BATCH = 1_000;

/**
 * Deletes every conversation (of every organization) whose last activity is more than
 * `retentionDays` before `now`, with its messages, then the contacts that follow them:
 * those not updated since the cutoff whose visitor has no conversation left with that
 * agent (the others lose their link to a deleted conversation), and likewise what was
 * known of signed-in users (`identified_visitors`). Returns how many
 * conversations were deleted.
 */
export async function deleteExpiredConversations(
  database: Queryable,
  retentionDays: number,
  now: number = Date.now(),
): Promise<number> {
  if (!(retentionDays > 0)) throw new Error('retentionDays must be a positive number of days.');
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await database.query(
      `DELETE FROM conversations WHERE (organization_id, id) IN (
         SELECT organization_id, id FROM conversations WHERE updated_at < $1::timestamptz LIMIT $2
       ) RETURNING id`,
      [cutoff, BATCH],
    );
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  await database.query(
    `DELETE FROM contacts k WHERE k.updated_at < $1::timestamptz AND NOT EXISTS (
       SELECT 1 FROM conversations c WHERE c.organization_id = k.organization_id
         AND c.agent_id = k.agent_id AND c.visitor_id = k.visitor_id)`,
    [cutoff],
  );
  await database.query(
    `DELETE FROM identified_visitors i WHERE i.updated_at < $1::timestamptz AND NOT EXISTS (
       SELECT 1 FROM conversations c WHERE c.organization_id = i.organization_id
         AND c.agent_id = i.agent_id AND c.visitor_id = i.visitor_id)`,
    [cutoff],
  );
  await database.query(
    `UPDATE contacts k SET conversation_id = NULL WHERE k.conversation_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM conversations c
         WHERE c.organization_id = k.organization_id AND c.id = k.conversation_id)`,
  );
  return deleted;
}

/** Options of {@link scheduleRetention}. */
export interface RetentionScheduleOptions {
  retentionDays: number;
  /** Time between sweeps, ms (`startAgentService`'s `retentionIntervalMs`). */
  intervalMs: number;
  now?: () => number;
  logger?: Logger;
}

/**
 * Runs {@link deleteExpiredConversations} now and then every `intervalMs` (the timer is
 * unref'd: it never keeps the process alive). `stop()` ends the schedule and waits for a
 * sweep in progress.
 */
export function scheduleRetention(
  database: Queryable,
  options: RetentionScheduleOptions,
): { stop(): Promise<void> } {
  const now = options.now ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running.then(async () => {
      try {
        const deleted = await deleteExpiredConversations(database, options.retentionDays, now());
        if (deleted > 0) options.logger?.info({ deleted }, 'expired conversations deleted');
      } catch (error) {
        options.logger?.error(
          { err: error instanceof Error ? error.message : String(error) },
          'conversation retention sweep failed',
        );
      }
    });
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

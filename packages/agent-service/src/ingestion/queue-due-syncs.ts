import type { Database } from '../store/index.js';
import { enqueueIngestionOf } from './job-queue.js';

/**
 * The advisory lock one scheduler holds while it queues (any process on the database): two
 * schedulers never count the same open syncs at once, so the per-organization cap holds.
 */
const SCHEDULER_LOCK = 30_017;

/** Options of {@link queueDueSyncs}. */
export interface QueueDueSyncsOptions {
  /** The scheduler's clock: sources whose `next_synch` is at or before it are due. */
  now: Date;
  /** Most syncs of one organization's web sources open (queued or running) at once. */
  perOrganization: number;
}

/**
 * Queues the ingestion of every web source (`web_page`, `web_site`, not a site's pages)
 * whose next scheduled sync is due and that has no open job, oldest due first, keeping each
 * organization at most `perOrganization` open syncs (manual ones count): one big site, or
 * one organization's hundred sources, cannot hold the queue for the others. Through the job
 * queue (`enqueueIngestionOf`), whose one-open-job-per-datasource rule — and a transaction
 * advisory lock that one scheduler at a time holds (another skips its turn) — keep two
 * service processes on one database from syncing a source twice at once. The schedule is
 * in the database (`next_synch`): a restart loses nothing, and a source that came due while
 * no process ran is queued at the first check. Returns the ids queued.
 */
export async function queueDueSyncs(
  database: Database,
  options: QueueDueSyncsOptions,
): Promise<string[]> {
  return database.transaction(async (transaction) => {
    const locks = await transaction.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1) AS locked',
      [SCHEDULER_LOCK],
    );
    if (locks[0]?.locked !== true) return [];
    const rows = await transaction.query<{ id: string }>(
      `WITH open_syncs AS (
         SELECT d.organization_id, count(*)::int AS open
         FROM ingestion_jobs j JOIN datasources d ON d.id = j.datasource_id
         WHERE j.state <> 'done' AND d.type IN ('web_page', 'web_site') AND d.group_id IS NULL
         GROUP BY d.organization_id
       ), due AS (
         SELECT d.id, d.organization_id, d.next_synch,
           row_number() OVER (PARTITION BY d.organization_id ORDER BY d.next_synch, d.id) AS place
         FROM datasources d
         WHERE d.next_synch <= $1 AND d.group_id IS NULL AND d.type IN ('web_page', 'web_site')
           AND NOT EXISTS (
             SELECT 1 FROM ingestion_jobs j WHERE j.datasource_id = d.id AND j.state <> 'done')
       )
       SELECT due.id FROM due LEFT JOIN open_syncs o ON o.organization_id = due.organization_id
       WHERE due.place <= $2 - coalesce(o.open, 0)
       ORDER BY due.next_synch, due.id`,
      [options.now, options.perOrganization],
    );
    const ids = rows.map((row) => row.id);
    await enqueueIngestionOf(transaction, ids);
    return ids;
  });
}

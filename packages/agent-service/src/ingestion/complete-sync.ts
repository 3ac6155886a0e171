import type { SyncSummary } from '@agent-chat/protocol';
import type { Logger } from '../logger.js';
import type { Queryable } from '../store/index.js';

/** Pages one sync of a web source added, changed, kept, removed and could not read. */
export interface SyncCounts {
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  failed: number;
}

/** A sync of a web source as it ends (see {@link completeSync}). */
export interface SyncEnd {
  datasourceId: string;
  /** Whether the source could be synched (a site: its sitemap read, a page ingested). */
  ok: boolean;
  /** Why not, when not. */
  message?: string | undefined;
  counts: SyncCounts;
  /** Seconds the sync took. */
  seconds: number;
}

/** What {@link completeSync} recorded: the summary, the next sync, and whose source it is. */
export interface SyncCompletion extends SyncEnd {
  organizationId: string;
  type: string;
  summary: SyncSummary;
  /** When the next scheduled sync is due (ISO 8601); null when it is manual. */
  nextSynch: string | null;
  /** Failed (or partly failed) syncs in a row, 0 after a clean one. */
  failuresInARow: number;
}

/** Minutes before the first retry of a failed sync; doubled each failure, at most the interval. */
const RETRY_BASE_MINUTES = 5;

/**
 * Ends a sync of a `web_page` or `web_site` datasource (every sync: the first ingest, a
 * manual one, a scheduled one), inside the transaction that writes its outcome: stores its
 * summary, counts failures in a row, and dates the next scheduled sync — one interval from
 * now, or sooner after a failure or failed pages (5 minutes, doubling with each failure in a
 * row, never later than the interval), so an outage is retried with backoff. This is the
 * one place a sync ends: events about it (`datasource.synched`, `datasource.error`) are
 * written here. Undefined when the datasource is gone.
 */
export async function completeSync(
  transaction: Queryable,
  end: SyncEnd,
): Promise<SyncCompletion | undefined> {
  const summary: SyncSummary = {
    ...end.counts,
    seconds: Math.round(end.seconds * 1000) / 1000,
    finishedAt: new Date().toISOString(),
  };
  const clean = end.ok && end.counts.failed === 0;
  const rows = await transaction.query<{
    organization_id: string;
    type: string;
    next_synch: Date | string | null;
    sync_failures: number;
  }>(
    `UPDATE datasources SET sync_summary = $2::jsonb,
       sync_failures = CASE WHEN $3 THEN 0 ELSE sync_failures + 1 END,
       next_synch = CASE WHEN jsonb_typeof(config -> 'sync_interval_minutes') = 'number'
         THEN now() + CASE WHEN $3 THEN (config ->> 'sync_interval_minutes')::int
           ELSE least((config ->> 'sync_interval_minutes')::int,
                      $4 * power(2, least(sync_failures, 12))::int) END * interval '1 minute'
         END
     WHERE id = $1
     RETURNING organization_id, type, next_synch, sync_failures`,
    [end.datasourceId, JSON.stringify(summary), clean, RETRY_BASE_MINUTES],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...end,
    organizationId: row.organization_id,
    type: row.type,
    summary,
    nextSynch: row.next_synch === null ? null : new Date(row.next_synch).toISOString(),
    failuresInARow: row.sync_failures,
  };
}

/** The one structured log line of a sync (after its transaction committed). */
export function logSync(logger: Logger, completion: SyncCompletion): void {
  const details = {
    event: completion.ok ? 'datasource.synched' : 'datasource.error',
    datasourceId: completion.datasourceId,
    organizationId: completion.organizationId,
    type: completion.type,
    ...completion.counts,
    seconds: completion.summary.seconds,
    nextSynch: completion.nextSynch,
    failuresInARow: completion.failuresInARow,
    ...(completion.message === undefined ? {} : { error: completion.message }),
  };
  if (completion.ok) logger.info(details, 'datasource synched');
  else logger.warn(details, 'datasource sync failed');
}

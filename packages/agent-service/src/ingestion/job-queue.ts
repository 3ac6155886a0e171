import { ACTIVE_DATASOURCE_STATUSES } from '@agent-chat/protocol';
import { createId, type Database, type Queryable } from '../store/index.js';

/** A claimed ingestion job: its datasource and how many times it has been claimed. */
export interface ClaimedJob {
  id: string;
  datasourceId: string;
  attempts: number;
}

/** The job's lease was taken by another worker (this one was too slow or presumed dead). */
export class LostLeaseError extends Error {
  override readonly name = 'LostLeaseError';
}

/**
 * Queues the ingestion of a datasource and marks it `pending`, inside the caller's
 * transaction (so a datasource is never stored without its job). A datasource has at most
 * one open job: queueing one that is already queued changes nothing; queueing one whose job
 * is running makes that job run again once it finishes (its content may have changed).
 */
export async function enqueueIngestion(
  transaction: Queryable,
  datasourceId: string,
): Promise<void> {
  await enqueueIngestionOf(transaction, [datasourceId]);
}

/** {@link enqueueIngestion} for many datasources, with two statements. */
export async function enqueueIngestionOf(
  transaction: Queryable,
  datasourceIds: readonly string[],
): Promise<void> {
  if (datasourceIds.length === 0) return;
  const ids = [...new Set(datasourceIds)].sort();
  // Not rewritten when pending already (new datasources are stored pending).
  await transaction.query(
    `UPDATE datasources SET status = 'pending', updated_at = now()
     WHERE id = ANY($1::text[]) AND status <> 'pending'`,
    [ids],
  );
  await transaction.query(
    `INSERT INTO ingestion_jobs (id, datasource_id)
     SELECT * FROM unnest($1::text[], $2::text[]) ORDER BY 2
     ON CONFLICT (datasource_id) WHERE state <> 'done'
     DO UPDATE SET requeue = ingestion_jobs.state = 'running', updated_at = now()`,
    [ids.map(() => createId()), ids],
  );
}

/**
 * Claims the oldest job that is queued, or running under an expired lease (its worker
 * died), with `FOR UPDATE SKIP LOCKED`: concurrent workers — in this process or in other
 * processes on the same PostgreSQL — never claim the same job. The claimer holds it for
 * `leaseMs` and must extend the lease while it works. The datasource becomes `running`.
 */
async function claimJob(
  database: Database,
  workerId: string,
  leaseMs: number,
): Promise<ClaimedJob | undefined> {
  return database.transaction(async (transaction) => {
    const rows = await transaction.query<{ id: string; datasource_id: string; attempts: number }>(
      `WITH next AS (
         SELECT id FROM ingestion_jobs
         WHERE state = 'queued' OR (state = 'running' AND locked_until < now())
         ORDER BY created_at, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE ingestion_jobs j SET state = 'running', locked_by = $1,
         locked_until = now() + $2 * interval '1 millisecond',
         attempts = j.attempts + 1, requeue = false, updated_at = now()
       FROM next WHERE j.id = next.id
       RETURNING j.id, j.datasource_id, j.attempts`,
      [workerId, leaseMs],
    );
    const row = rows[0];
    if (!row) return undefined;
    await transaction.query(
      `UPDATE datasources SET status = 'running', updated_at = now() WHERE id = $1`,
      [row.datasource_id],
    );
    return { id: row.id, datasourceId: row.datasource_id, attempts: row.attempts };
  });
}

/** Datasource types whose content is already in the database: cheap to ingest many at once. */
const LOCAL_TYPES = ['text', 'qa', 'file'];
/**
 * Uploaded files in one batch at most: a batch's extracted text is held until it commits,
 * and a file may be 25 MiB (text and Q&A come through JSON bodies of at most 10 MiB).
 */
const MAX_FILES_PER_BATCH = 10;

/**
 * Claims work for one worker: up to `limit` jobs of datasources whose content is already
 * stored (`text`, `qa`, and at most 10 `file`s — committed together, one transaction for
 * the batch), or else the oldest claimable job of any type (a web page or site, run
 * alone). Same `FOR UPDATE SKIP LOCKED` claim and lease as {@link claimJob}.
 */
export async function claimJobs(
  database: Database,
  workerId: string,
  leaseMs: number,
  limit: number,
): Promise<ClaimedJob[]> {
  const batch = await database.transaction(async (transaction) => {
    const rows = await transaction.query<{ id: string; datasource_id: string; attempts: number }>(
      `WITH next AS (
         SELECT j.id FROM ingestion_jobs j JOIN datasources d ON d.id = j.datasource_id
         WHERE (j.state = 'queued' OR (j.state = 'running' AND j.locked_until < now()))
           AND d.type = ANY($4::text[])
           AND (d.type <> 'file' OR j.id IN (
             SELECT f.id FROM ingestion_jobs f JOIN datasources fd ON fd.id = f.datasource_id
             WHERE (f.state = 'queued' OR (f.state = 'running' AND f.locked_until < now()))
               AND fd.type = 'file'
             ORDER BY f.created_at, f.id
             LIMIT $5))
         ORDER BY j.created_at, j.id
         LIMIT $3
         FOR UPDATE OF j SKIP LOCKED
       )
       UPDATE ingestion_jobs j SET state = 'running', locked_by = $1,
         locked_until = now() + $2 * interval '1 millisecond',
         attempts = j.attempts + 1, requeue = false, updated_at = now()
       FROM next WHERE j.id = next.id
       RETURNING j.id, j.datasource_id, j.attempts`,
      [workerId, leaseMs, limit, LOCAL_TYPES, MAX_FILES_PER_BATCH],
    );
    if (rows.length > 0) {
      await transaction.query(
        `UPDATE datasources SET status = 'running', updated_at = now() WHERE id = ANY($1::text[])`,
        [rows.map((row) => row.datasource_id)],
      );
    }
    return rows.map((row) => ({
      id: row.id,
      datasourceId: row.datasource_id,
      attempts: row.attempts,
    }));
  });
  if (batch.length > 0) return batch;
  const single = await claimJob(database, workerId, leaseMs);
  return single === undefined ? [] : [single];
}

/** Extends the leases of a worker's jobs; false when it no longer holds every one of them. */
export async function extendLease(
  database: Queryable,
  jobs: readonly ClaimedJob[],
  workerId: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await database.query(
    `UPDATE ingestion_jobs SET locked_until = now() + $3 * interval '1 millisecond'
     WHERE id = ANY($1::text[]) AND locked_by = $2 AND state = 'running' RETURNING 1`,
    [jobs.map((job) => job.id), workerId, leaseMs],
  );
  return rows.length === jobs.length;
}

/**
 * Fences the results of a batch of one worker's jobs, with at most three statements:
 * returns a fence per job for `commitOutcomes`. The first one run checks that this worker
 * still holds the jobs, locks them and closes them, inside the transaction that writes
 * the results; each then throws {@link LostLeaseError} for a job this worker no longer
 * holds (its lease expired and another worker took it over: that worker's result counts,
 * so a worker presumed dead never writes over it), or tells whether its job finished for
 * good (`false`: it was queued again while it ran, so it goes back to the queue and its
 * datasource is left `pending`).
 */
export function createBatchFence(
  jobs: readonly ClaimedJob[],
  workerId: string,
): (job: ClaimedJob) => (transaction: Queryable) => Promise<boolean> {
  let settled: Promise<Map<string, boolean>> | undefined;
  let settledIn: Queryable | undefined;
  const settle = async (transaction: Queryable): Promise<Map<string, boolean>> => {
    const rows = await transaction.query<{ id: string; requeue: boolean }>(
      `SELECT id, requeue FROM ingestion_jobs
       WHERE id = ANY($1::text[]) AND locked_by = $2 AND state = 'running'
       ORDER BY id FOR UPDATE`,
      [jobs.map((job) => job.id), workerId],
    );
    const requeued = rows.filter((row) => row.requeue).map((row) => row.id);
    const done = rows.filter((row) => !row.requeue).map((row) => row.id);
    if (requeued.length > 0) {
      await transaction.query(
        `UPDATE ingestion_jobs SET state = 'queued', requeue = false, attempts = 0,
           locked_by = NULL, locked_until = NULL, updated_at = now() WHERE id = ANY($1::text[])`,
        [requeued],
      );
    }
    if (done.length > 0) {
      await transaction.query(
        `UPDATE ingestion_jobs SET state = 'done', locked_by = NULL, locked_until = NULL,
           updated_at = now() WHERE id = ANY($1::text[])`,
        [done],
      );
    }
    return new Map(rows.map((row) => [row.id, !row.requeue]));
  };
  return (job) => async (transaction) => {
    if (settled === undefined || settledIn !== transaction) {
      settledIn = transaction;
      settled = settle(transaction);
    }
    const finished = (await settled).get(job.id);
    if (finished === undefined) {
      throw new LostLeaseError(`Ingestion job ${job.id} was taken over by another worker.`);
    }
    return finished;
  };
}

/** Gives a job back to the queue (the worker is stopping), unless someone else holds it. */
export async function releaseJob(
  database: Database,
  job: ClaimedJob,
  workerId: string,
): Promise<void> {
  await database.transaction(async (transaction) => {
    const rows = await transaction.query(
      `UPDATE ingestion_jobs SET state = 'queued', attempts = greatest(attempts - 1, 0),
         locked_by = NULL, locked_until = NULL, updated_at = now()
       WHERE id = $1 AND locked_by = $2 AND state = 'running' RETURNING 1`,
      [job.id, workerId],
    );
    if (rows.length > 0) {
      await transaction.query(
        `UPDATE datasources SET status = 'pending', updated_at = now() WHERE id = $1`,
        [job.datasourceId],
      );
    }
  });
}

/**
 * Queues a job for every active datasource (`ACTIVE_DATASOURCE_STATUSES`: `unsynched`,
 * `pending` or `running`) without an open job (stored before jobs existed, or by an older
 * version). Run at start-up; returns how many it queued.
 */
export async function enqueueOrphans(database: Database): Promise<number> {
  return database.transaction(async (transaction) => {
    const rows = await transaction.query<{ id: string }>(
      `SELECT d.id FROM datasources d
       WHERE d.status = ANY($1::text[])
         AND NOT EXISTS (SELECT 1 FROM ingestion_jobs j WHERE j.datasource_id = d.id AND j.state <> 'done')
       ORDER BY d.seq`,
      [ACTIVE_DATASOURCE_STATUSES],
    );
    for (const row of rows) await enqueueIngestion(transaction, row.id);
    return rows.length;
  });
}

/**
 * Gives every running job back to the queue at once, for a database only this process can
 * open (PGlite locks its data directory): a job found running there was left by a process
 * that died (kill -9, power loss), so waiting for its lease to expire would only delay it.
 * Returns how many it released.
 */
export async function releaseAbandonedJobs(database: Database): Promise<number> {
  const rows = await database.query(
    `UPDATE ingestion_jobs SET state = 'queued', locked_by = NULL, locked_until = NULL,
       updated_at = now()
     WHERE state = 'running' RETURNING 1`,
  );
  return rows.length;
}

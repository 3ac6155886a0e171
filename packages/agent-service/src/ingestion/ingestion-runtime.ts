import { ACTIVE_DATASOURCE_STATUSES } from '@agent-chat/protocol';
import {
  type ChunkAnalysisPool,
  createChunkAnalysisPool,
  maintainLexicalIndex,
} from '../lexical-index/index.js';
import type { Logger } from '../logger.js';
import type { Database, Queryable } from '../store/index.js';
import {
  createSafeFetcher,
  type FetchRetryOptions,
  type SafeFetcherOptions,
  withRetries,
} from '../web/index.js';
import type { SyncCompletion } from './complete-sync.js';
import { createIngestionWorker } from './ingestion-worker.js';
import { enqueueOrphans, releaseAbandonedJobs } from './job-queue.js';
import { queueDueSyncs } from './queue-due-syncs.js';
import { runIngestionJobs } from './run-ingestion-job.js';
import { createSyncScheduler } from './sync-scheduler.js';

/** Syncs of one organization's web sources open at once when nobody says otherwise. */
export const DEFAULT_SYNCS_PER_ORGANIZATION = 2;

/** Options of {@link startIngestion} (the service's `ingestion` option). */
export interface IngestionOptions {
  /** Jobs processed at once by this process; 0 processes none (another process does). Default `DEFAULT_INGESTION_WORKERS`. */
  workers?: number;
  /** How long a claimed job stays this process's without renewal, ms. Default 30 000. */
  leaseMs?: number;
  /** Pause between looks at an empty job queue, ms. Default 1 000. */
  pollMs?: number;
  /**
   * This process is the database's only user (PGlite with a data directory): jobs found
   * running at start were abandoned by a dead process and are queued again at once,
   * instead of after their lease. Default false (PostgreSQL: other processes may hold them).
   */
  exclusive?: boolean;
  /** The web fetcher's limits (`allowPrivateUrls`, `timeoutMs`, `maxBytes`, `maxRedirects`). */
  fetch?: SafeFetcherOptions;
  /** Retries of a web fetch that failed for a passing reason (5xx, timeout). Default 3 tries, from 500 ms. */
  fetchRetry?: FetchRetryOptions;
  /** Called after each job settles (new chunks may be there), e.g. to wake the embedding pass. */
  onSettled?: () => void;
  /** Called after each sync of a web source committed (its summary and next sync). */
  onSync?: (completion: SyncCompletion) => void;
  /**
   * Most scheduled syncs of one organization's web sources open (queued or running) at
   * once; manual ones count. Default {@link DEFAULT_SYNCS_PER_ORGANIZATION}.
   */
  syncsPerOrganization?: number;
  /** Longest time between two looks at the sync schedule, ms (with jitter). Default 30 000. */
  scheduleCheckMs?: number;
  /** The scheduler's clock, ms since the epoch. Default `Date.now`. */
  now?: () => number;
  /**
   * Called inside the transaction that settles jobs' datasources for good (`synched` or
   * `error`; not the pages of a site, which settle with their site): the events about
   * them are queued there, so they exist if and only if the result does.
   */
  onCommitted?: (transaction: Queryable, datasourceIds: readonly string[]) => Promise<void>;
  /**
   * When the worker thread that analyses large batches of chunks loads: `at-start` (so
   * that an ingestion right after start is not analysed while the thread loads; a
   * benchmark's choice) or `on-demand`, at the first batch large enough. Either way it
   * ends after 30 s without work. Default `on-demand`.
   */
  analysisThread?: 'at-start' | 'on-demand';
}

/** Ingestion as the routes see it. */
export interface Ingestion {
  /**
   * Tells the workers a job was queued; `batch`: one request queued several, to be claimed
   * at once rather than after a moment for more to gather (see `IngestionWorker.wake`).
   */
  wake(options?: { batch?: boolean }): void;
  /**
   * Resolves once none of `datasourceIds` is active (`ACTIVE_DATASOURCE_STATUSES`), or
   * after `timeoutMs` (default 120 000), or on `signal`.
   */
  waitFor(
    datasourceIds: readonly string[],
    options?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<void>;
  /**
   * Resolves once this process's workers found the queue empty, with nothing running and
   * the lexical index's upkeep after the last jobs done (its pending entries merged, see
   * `maintainLexicalIndex`): searches from then on read a fully merged index. Resolves at
   * once in a process without workers.
   */
  idle(): Promise<void>;
  /**
   * Chunks were deleted outside a job (a datasource deleted): the lexical index's upkeep
   * (compacting the term statistics' deltas) runs once the queue is idle.
   */
  changed(): void;
  /**
   * Looks at the sync schedule now (the scheduler does every `scheduleCheckMs`): queues the
   * web sources whose next sync is due. Resolves to how many it queued; 0 at once in a
   * process without workers, which schedules nothing.
   */
  checkSchedule(): Promise<number>;
  /**
   * Stops the scheduler, the workers (jobs in progress go back to the queue), the
   * chunk-analysis thread and the fetcher.
   */
  stop(): Promise<void>;
}

/**
 * Starts ingestion for a service: queues jobs for datasources an older version left
 * unprocessed, brings the lexical index up to date (what a stopped process left pending),
 * then runs the workers (see `createIngestionWorker`), which keep it so whenever their
 * queue goes idle. The workers share one chunk-analysis pool, stopped with them.
 */
export async function startIngestion(
  database: Database,
  logger: Logger,
  options: IngestionOptions = {},
): Promise<Ingestion> {
  const chunkAnalysis = createChunkAnalysisPool();
  if (options.analysisThread === 'at-start' && options.workers !== 0) void chunkAnalysis.warm();
  try {
    return await startWorkers(database, logger, options, chunkAnalysis);
  } catch (error) {
    await chunkAnalysis.stop();
    throw error;
  }
}

/** {@link startIngestion} once its chunk-analysis pool exists (stopped if this throws). */
async function startWorkers(
  database: Database,
  logger: Logger,
  options: IngestionOptions,
  chunkAnalysis: ChunkAnalysisPool,
): Promise<Ingestion> {
  if (options.exclusive) await releaseAbandonedJobs(database);
  await enqueueOrphans(database);
  const upkeep = async () => {
    const started = performance.now();
    const done = await maintainLexicalIndex(database);
    logger.info(
      { ...done, ms: Math.round(performance.now() - started) },
      'lexical index maintained',
    );
  };
  // Upkeep is an optimisation: a database role that may not run it (gin_clean_pending_list
  // needs the index's owner) must not keep the service from starting.
  if (options.workers !== 0) {
    await upkeep().catch((error: unknown) => {
      logger.warn({ err: String(error) }, 'lexical index upkeep at start-up failed');
    });
  }
  const fetcher = withRetries(createSafeFetcher(options.fetch), options.fetchRetry);
  const listeners = new Set<() => void>();
  const context = {
    database,
    fetcher,
    logger,
    chunkAnalysis,
    onSync: options.onSync,
    ...(options.onCommitted ? { onCommitted: options.onCommitted } : {}),
  };
  const worker =
    options.workers === 0
      ? undefined
      : createIngestionWorker({
          database,
          logger,
          run: (jobs, workerId, signal) => runIngestionJobs(context, jobs, workerId, signal),
          ...(options.workers === undefined ? {} : { concurrency: options.workers }),
          ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
          ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
          onIdle: upkeep,
          onSettled: () => {
            options.onSettled?.();
            for (const listener of [...listeners]) listener();
          },
        });
  const now = options.now ?? Date.now;
  const scheduler =
    worker === undefined
      ? undefined
      : createSyncScheduler({
          logger,
          ...(options.scheduleCheckMs === undefined ? {} : { intervalMs: options.scheduleCheckMs }),
          async check() {
            const queued = await queueDueSyncs(database, {
              now: new Date(now()),
              perOrganization: options.syncsPerOrganization ?? DEFAULT_SYNCS_PER_ORGANIZATION,
            });
            if (queued.length > 0) {
              logger.info({ datasourceIds: queued }, 'scheduled syncs queued');
              worker.wake({ batch: true });
            }
            return queued.length;
          },
        });
  return {
    wake: (wakeOptions) => worker?.wake(wakeOptions),
    checkSchedule: () => scheduler?.checkNow() ?? Promise.resolve(0),
    idle: () => worker?.idle() ?? Promise.resolve(),
    changed: () => worker?.changed(),
    async waitFor(datasourceIds, waitOptions = {}) {
      const deadline = Date.now() + (waitOptions.timeoutMs ?? 120_000);
      while (Date.now() < deadline && !waitOptions.signal?.aborted) {
        const rows = await database.query<{ open: number }>(
          `SELECT count(*)::int AS open FROM datasources
           WHERE id = ANY($1::text[]) AND status = ANY($2::text[])`,
          [[...datasourceIds], ACTIVE_DATASOURCE_STATUSES],
        );
        if ((rows[0]?.open ?? 0) === 0) return;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            listeners.delete(done);
            resolve();
          };
          const timer = setTimeout(done, 200);
          listeners.add(done);
        });
      }
    },
    async stop() {
      await scheduler?.stop();
      await worker?.stop();
      await chunkAnalysis.stop();
      fetcher.close();
    },
  };
}

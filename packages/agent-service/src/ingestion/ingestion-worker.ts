import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../logger.js';
import type { Database } from '../store/index.js';
import { type ClaimedJob, claimJobs, extendLease, releaseJob } from './job-queue.js';

/** Jobs one process works on at once when nobody says otherwise. */
export const DEFAULT_INGESTION_WORKERS = 2;

/** Options of {@link createIngestionWorker}. */
export interface IngestionWorkerOptions {
  database: Database;
  /** Does a batch of claimed jobs; must honour `signal` (the worker stops or lost a lease). */
  run(jobs: readonly ClaimedJob[], workerId: string, signal: AbortSignal): Promise<void>;
  /**
   * Most jobs of stored content (text, Q&A, files) claimed and committed together. Default
   * 100: the documents of one upsert call, written with one statement per table.
   */
  batchSize?: number;
  /** Jobs processed at once in this process. Default {@link DEFAULT_INGESTION_WORKERS}. */
  concurrency?: number;
  /** How long a claimed job stays this worker's without a renewal, ms. Default 30 000. */
  leaseMs?: number;
  /** Pause between looks at an empty queue, ms (other processes may queue jobs). Default 1 000. */
  pollMs?: number;
  /**
   * How long a woken worker waits for more jobs to gather into its batch (jobs often arrive
   * one request each, in a burst), ms; not after a wake that says a batch was queued whole.
   * Default 20 (at most `pollMs`).
   */
  gatherMs?: number;
  /** Called after each job (done, failed or given up): waiters re-check their datasources. */
  onSettled?: () => void;
  /**
   * Called when the queue goes idle after jobs ran (no job left to claim for a poll
   * interval, none running in this process — at once when `idle()` is awaited): upkeep that
   * should not slow each batch down (merging the full-text index's pending list), and that
   * a client sending one batch after another should not pay between them. Its failure is
   * logged.
   */
  onIdle?: () => Promise<void>;
  logger: Logger;
}

/** A running pool of ingestion workers. */
export interface IngestionWorker {
  /** This process's worker id (host, pid and a random suffix), as stored in `locked_by`. */
  readonly id: string;
  /**
   * Looks at the queue now instead of at the next poll (a job was just queued). A sleeping
   * worker first waits a moment for more jobs to gather into its batch, unless `batch` says
   * the jobs just queued are a batch already (one request queued several).
   */
  wake(options?: { batch?: boolean }): void;
  /**
   * Resolves once a look at the queue found no job to claim, none running in this process
   * and the idle upkeep (`onIdle`) after the last jobs finished (or when the worker stops).
   */
  idle(): Promise<void>;
  /**
   * Chunks changed outside a job (a datasource was deleted): the idle upkeep runs once the
   * queue is idle, as after jobs.
   */
  changed(): void;
  /** Stops claiming, aborts the jobs in progress and gives them back to the queue. */
  stop(): Promise<void>;
  /** How many of the loops are parked: asleep or gathering a burst, waiting for a wake. */
  parked(): number;
}

/**
 * Starts `concurrency` loops that claim ingestion jobs from the database
 * (`FOR UPDATE SKIP LOCKED`, see `claimJobs`), run them while renewing their lease every
 * third of `leaseMs`, and sleep `pollMs` when the queue is empty. A job whose lease cannot
 * be renewed (another process took it over) is aborted.
 */
export function createIngestionWorker(options: IngestionWorkerOptions): IngestionWorker {
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1_000;
  const gatherMs = options.gatherMs ?? Math.min(20, pollMs);
  const stopping = new AbortController();
  const sleepers = new Set<() => void>();
  const active = new Set<ClaimedJob>();
  const idleWaiters = new Set<() => void>();
  // Jobs ran since the last idle upkeep; since when the queue looked empty; the upkeep in
  // progress, if any.
  let dirty = false;
  let emptySince: number | undefined;
  let upkeep: Promise<void> | undefined;

  // Workers gathering a burst into their batch (see gatherMs); a batch wake ends that too.
  const gatherers = new Set<() => void>();
  // A batch was queued whole (see wake): the next worker to wake claims it at once.
  let batchQueued = false;
  const wakeAll = () => {
    for (const wakeUp of [...sleepers]) wakeUp();
  };
  /** Chunks changed (jobs ran, or something outside them): upkeep once the queue is idle. */
  const markChanged = () => {
    dirty = true;
    emptySince = undefined;
  };

  const settleIdle = () => {
    for (const resolve of [...idleWaiters]) resolve();
    idleWaiters.clear();
  };

  /**
   * The queue looked empty: runs the idle upkeep once after a burst (true: it ran, look at
   * the queue again before sleeping), or wakes the idle() waiters.
   */
  async function wentIdle(): Promise<boolean> {
    if (active.size > 0) return false;
    if (upkeep) {
      await upkeep;
      return true;
    }
    emptySince ??= Date.now();
    if (dirty && options.onIdle) {
      if (idleWaiters.size === 0 && Date.now() - emptySince < pollMs) return false;
      dirty = false;
      upkeep = options.onIdle().catch((error: unknown) => {
        options.logger.warn({ err: String(error) }, 'ingestion idle upkeep failed');
      });
      try {
        await upkeep;
      } finally {
        upkeep = undefined;
      }
      // Jobs that arrived meanwhile are claimed first; waiters are woken on the next empty look.
      return true;
    }
    dirty = false;
    settleIdle();
    return false;
  }

  /** Sleeps `ms`, or until woken (`wake`); a gathering sleep ends only on a batch wake. */
  const sleep = (ms: number, gathering = false) =>
    new Promise<void>((resolve) => {
      if (stopping.signal.aborted) {
        resolve();
        return;
      }
      const waiting = gathering ? gatherers : sleepers;
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiting.add(done);
    });

  async function runClaimed(jobs: ClaimedJob[]): Promise<void> {
    const jobAbort = new AbortController();
    const onStop = () => jobAbort.abort(new Error('The service is stopping.'));
    stopping.signal.addEventListener('abort', onStop, { once: true });
    const renew = setInterval(
      () => {
        extendLease(options.database, jobs, id, leaseMs)
          .then((held) => {
            if (!held) jobAbort.abort(new Error('The job was taken over by another worker.'));
          })
          .catch((error: unknown) => {
            options.logger.warn(
              { err: String(error), jobs: jobs.map((job) => job.id) },
              'ingestion lease renewal failed',
            );
          });
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    for (const job of jobs) active.add(job);
    try {
      await options.run(jobs, id, jobAbort.signal);
    } catch (error) {
      if (!stopping.signal.aborted) {
        options.logger.error(
          { err: String(error), jobs: jobs.map((job) => job.id) },
          'ingestion job failed',
        );
      }
    } finally {
      clearInterval(renew);
      stopping.signal.removeEventListener('abort', onStop);
      for (const job of jobs) active.delete(job);
      markChanged();
      options.onSettled?.();
    }
  }

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      let jobs: ClaimedJob[] = [];
      try {
        jobs = await claimJobs(options.database, id, leaseMs, options.batchSize ?? 100);
      } catch (error) {
        if (stopping.signal.aborted) return;
        options.logger.warn({ err: String(error) }, 'could not claim an ingestion job');
      }
      if (jobs.length === 0) {
        if (stopping.signal.aborted) return;
        if (await wentIdle()) continue;
        await sleep(pollMs);
        // Jobs often arrive in a burst (one request each): let it gather into one batch.
        if (batchQueued) batchQueued = false;
        else await sleep(gatherMs, true);
        continue;
      }
      await runClaimed(jobs);
    }
  }

  const loops = Array.from(
    { length: Math.max(1, options.concurrency ?? DEFAULT_INGESTION_WORKERS) },
    () => loop(),
  );
  return {
    id,
    wake(wakeOptions) {
      if (wakeOptions?.batch) {
        batchQueued = sleepers.size > 0;
        for (const gathered of [...gatherers]) gathered();
      }
      wakeAll();
    },
    changed() {
      markChanged();
      wakeAll();
    },
    idle() {
      if (stopping.signal.aborted) return Promise.resolve();
      const settled = new Promise<void>((resolve) => idleWaiters.add(resolve));
      wakeAll();
      return settled;
    },
    parked: () => sleepers.size + gatherers.size,
    async stop() {
      if (stopping.signal.aborted) return;
      const unfinished = [...active];
      stopping.abort();
      for (const gathered of [...gatherers]) gathered();
      wakeAll();
      await Promise.allSettled(loops);
      settleIdle();
      for (const job of unfinished) {
        await releaseJob(options.database, job, id).catch(() => {});
      }
    },
  };
}

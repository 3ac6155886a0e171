import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../logger.js';
import type { Database } from '../store/index.js';
import { type ClaimedJob, claimJobs, extendLease, releaseJob } from './job-queue.js';

/** Options of {@link createIngestionWorker}. */
export interface IngestionWorkerOptions {
  database: Database;
  /** Does a batch of claimed jobs; must honour `signal` (the worker stops or lost a lease). */
  run(jobs: readonly ClaimedJob[], workerId: string, signal: AbortSignal): Promise<void>;
  /** Most jobs of stored content (text, Q&A, files) claimed and committed together. Default 50. */
  batchSize?: number;
  /** Jobs processed at once in this process. Default 2. */
  concurrency?: number;
  /** How long a claimed job stays this worker's without a renewal, ms. Default 30 000. */
  leaseMs?: number;
  /** Pause between looks at an empty queue, ms (other processes may queue jobs). Default 1 000. */
  pollMs?: number;
  /** Called after each job (done, failed or given up): waiters re-check their datasources. */
  onSettled?: () => void;
  logger: Logger;
}

/** A running pool of ingestion workers. */
export interface IngestionWorker {
  /** This process's worker id (host, pid and a random suffix), as stored in `locked_by`. */
  readonly id: string;
  /** Looks at the queue now instead of at the next poll (a job was just queued). */
  wake(): void;
  /** Stops claiming, aborts the jobs in progress and gives them back to the queue. */
  stop(): Promise<void>;
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
  const gatherMs = Math.min(20, pollMs);
  const stopping = new AbortController();
  const sleepers = new Set<() => void>();
  const active = new Set<ClaimedJob>();

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (stopping.signal.aborted) {
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      sleepers.add(done);
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
      options.onSettled?.();
    }
  }

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      let jobs: ClaimedJob[] = [];
      try {
        jobs = await claimJobs(options.database, id, leaseMs, options.batchSize ?? 50);
      } catch (error) {
        if (stopping.signal.aborted) return;
        options.logger.warn({ err: String(error) }, 'could not claim an ingestion job');
      }
      if (jobs.length === 0) {
        await sleep();
        // Jobs often arrive in a burst (one request each): let it gather into one batch.
        await new Promise((resolve) => setTimeout(resolve, gatherMs));
        continue;
      }
      await runClaimed(jobs);
    }
  }

  const loops = Array.from({ length: Math.max(1, options.concurrency ?? 2) }, () => loop());
  return {
    id,
    wake() {
      for (const wakeUp of [...sleepers]) wakeUp();
    },
    async stop() {
      if (stopping.signal.aborted) return;
      const unfinished = [...active];
      stopping.abort();
      for (const wakeUp of [...sleepers]) wakeUp();
      await Promise.allSettled(loops);
      for (const job of unfinished) {
        await releaseJob(options.database, job, id).catch(() => {});
      }
    },
  };
}

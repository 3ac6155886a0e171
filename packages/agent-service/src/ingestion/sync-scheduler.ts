import type { Logger } from '../logger.js';

/** Options of {@link createSyncScheduler}. */
export interface SyncSchedulerOptions {
  /** One look at the schedule: queues what is due; resolves to how many it queued. */
  check(): Promise<number>;
  /** Longest time between two checks, ms. Default 30 000. */
  intervalMs?: number;
  /**
   * Part of `intervalMs` taken off at random from each wait (0.2: waits of 80 to 100 % of
   * it), so processes started together do not check in step. Default 0.2.
   */
  jitter?: number;
  /** A number in [0, 1). Default `Math.random`. */
  random?: () => number;
  logger: Logger;
}

/** A running scheduler (see {@link createSyncScheduler}). */
export interface SyncScheduler {
  /** Checks now (waits for a check in progress first); resolves to how many it queued. */
  checkNow(): Promise<number>;
  /** Stops checking; resolves once a check in progress ended. */
  stop(): Promise<void>;
}

/**
 * Checks the sync schedule over and over, at most `intervalMs` apart with jitter (the first
 * check within `jitter × intervalMs` of the start, so a restarted service catches up at
 * once). A failed check is logged and the next one runs as planned. One object the service
 * creates, owns and stops; the schedule itself lives in the database.
 */
export function createSyncScheduler(options: SyncSchedulerOptions): SyncScheduler {
  const intervalMs = options.intervalMs ?? 30_000;
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.2));
  const random = options.random ?? Math.random;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | undefined;

  const check = (): Promise<number> => {
    const previous = running ?? Promise.resolve(0);
    const next = previous
      .catch(() => 0)
      .then(() => options.check())
      .catch((error: unknown) => {
        options.logger.warn({ err: String(error) }, 'sync schedule check failed');
        return 0;
      });
    running = next;
    void next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  };

  const plan = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void check().finally(() => plan(intervalMs * (1 - jitter * random())));
    }, delay);
  };
  plan(intervalMs * jitter * random());

  return {
    checkNow: check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

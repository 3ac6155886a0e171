import type { Logger } from '../logger.js';

/** Work done after a platform's request was acknowledged (Slack waits 3 s at most). */
export interface BackgroundTasks {
  /** Runs `task` now without waiting; a failure is logged with `details`, never thrown. */
  run(details: Record<string, unknown>, task: (signal: AbortSignal) => Promise<void>): void;
  /** Resolves once no task is running (what tests wait for). */
  idle(): Promise<void>;
  /** Aborts the tasks in flight and waits for them to end. */
  stop(): Promise<void>;
}

/**
 * The service's background tasks: each answer to Slack or Discord runs here after the
 * request was answered, owned by the service (which stops them on close) and logged when
 * it fails for good, so a platform outage never reaches the HTTP side.
 */
export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  return {
    run(details, task) {
      if (stopping.signal.aborted) return;
      const promise = task(stopping.signal)
        .catch((error: unknown) => {
          logger.error(
            { ...details, err: error instanceof Error ? error.message : String(error) },
            'integration task failed',
          );
        })
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async stop() {
      stopping.abort(new Error('The service is stopping.'));
      await Promise.allSettled([...running]);
    },
  };
}

/** What {@link createDatasourcePoller} polls with. */
export interface DatasourcePollerOptions {
  /**
   * Ids of the datasources still being ingested now (not `isDatasourceSettled`, from
   * protocol), re-read before every round.
   */
  unsettled(): readonly string[];
  /** Reads one datasource again. */
  refreshOne(id: string): Promise<void>;
  /** Reads the whole list again (cheaper than many single reads). */
  refreshAll(): Promise<void>;
  /** Pause between rounds, ms. Default 1000. */
  intervalMs?: number;
  /** More unsettled datasources than this: one list read instead of single reads. Default 10. */
  batchLimit?: number;
}

/** Polls datasources while ingestion runs; see {@link createDatasourcePoller}. */
export interface DatasourcePoller {
  /** Starts polling if it is not running (call after anything became unsettled). */
  watch(): void;
  stop(): void;
}

/**
 * Polls the datasources still being ingested every `intervalMs` (one round at a time, never
 * overlapping) and stops by itself once none is left: a few are read one by one, many by
 * re-reading the list, so thousands of queued files cost one call a second. A failed round
 * is retried on the next tick (the caller shows the error).
 */
export function createDatasourcePoller(options: DatasourcePollerOptions): DatasourcePoller {
  const intervalMs = options.intervalMs ?? 1000;
  const batchLimit = options.batchLimit ?? 10;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;

  async function round(): Promise<void> {
    timer = undefined;
    const ids = options.unsettled();
    if (stopped || ids.length === 0) {
      stopped = true;
      return;
    }
    try {
      if (ids.length > batchLimit) await options.refreshAll();
      else await Promise.all(ids.map((id) => options.refreshOne(id)));
    } catch {
      // Shown by the caller; the next round tries again.
    }
    if (!stopped) timer = setTimeout(() => void round(), intervalMs);
  }

  return {
    watch() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(() => void round(), intervalMs);
    },
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The performance budgets, in one place (docs/benchmarks.md says how each is measured). */
export const BUDGETS = {
  /** BFF requests/s over the bare pipe relay's, same workload, same run. */
  relayThroughputRatio: 0.85,
  /** Time-to-first-event p50 the BFF may add, ms. */
  addedTtfeP50Ms: 2,
  /** BFF resident memory per open stream, bytes. */
  bytesPerStream: 40 * 1024,
  /** Widget loader (`widget.js`), gzip bytes. */
  widgetLoaderGzipBytes: 6 * 1024,
  /** Panel's first paint (loader + panel chunk + its static imports), gzip bytes. */
  widgetFirstPaintGzipBytes: 30 * 1024,
  /** Whole widget (loader + chunks, with the lazily loaded Markdown chunk), gzip bytes. */
  widgetTotalGzipBytes: 45 * 1024,
  /** Longest main-thread task while an answer streams in, ms. */
  longestTaskMs: 50,
  /** Renderer main-thread time per streamed answer fragment, ms. */
  mainThreadMsPerFragment: 0.1,
  /** Agent service query p50 over HTTP (retrieval + extractive answer) at 50,000 chunks, ms. */
  retrievalP50Ms: 20,
  /** Chunks at which the retrieval budget applies (smaller runs report without checking). */
  retrievalBudgetChunks: 50_000,
  /** Text chunks ingested per second into PGlite (create → synched), 10,000 chunks. */
  ingestedChunksPerSecond: 4_000,
  /** `npm start` RSS summed over its process group: idle, after queries, under 16 users, bytes. */
  startRssBytes: 256 * 1024 * 1024,
  /** `npm start` RSS summed over its process group at its highest during start-up (seeding), bytes. */
  startPeakRssBytes: 350 * 1024 * 1024,
  /** The agent service alone (`agent-chat-service serve`, demo data), idle, bytes. */
  serviceIdleRssBytes: 160 * 1024 * 1024,
} as const;

/** One budget, checked. */
export interface BudgetCheck {
  /** What is budgeted, e.g. "JSON relay throughput, BFF / pipe". */
  name: string;
  /** The limit as a person reads it, e.g. "≥ 0.85". */
  limit: string;
  /** The measured value, formatted. */
  actual: string;
  pass: boolean;
}

/** A check that `actual` is at least `limit` (NaN fails). */
export function atLeast(
  name: string,
  actual: number,
  limit: number,
  format: (value: number) => string,
): BudgetCheck {
  return { name, limit: `≥ ${format(limit)}`, actual: format(actual), pass: actual >= limit };
}

/** A check that `actual` is at most `limit` (NaN fails). */
export function atMost(
  name: string,
  actual: number,
  limit: number,
  format: (value: number) => string,
): BudgetCheck {
  return { name, limit: `≤ ${format(limit)}`, actual: format(actual), pass: actual <= limit };
}

/** A check that something that must hold did (e.g. "no errors"). */
export function holds(name: string, limit: string, actual: string, pass: boolean): BudgetCheck {
  return { name, limit, actual, pass };
}

/** The failed checks, as lines naming each missed budget. */
export function missedBudgets(checks: readonly BudgetCheck[]): string[] {
  return checks
    .filter((check) => !check.pass)
    .map((check) => `budget missed: ${check.name}: ${check.actual} (budget ${check.limit})`);
}

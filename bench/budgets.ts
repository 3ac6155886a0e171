import { widgetBudgets } from '../scripts/widget-sizes.mjs';
import { formatSpread, type Measurement } from './measurement.js';

/** The performance budgets, in one place (docs/benchmarks.md says how each is measured). */
export const BUDGETS = {
  /** BFF requests/s over the bare pipe relay's, same workload, same run. */
  relayThroughputRatio: 0.85,
  /** Time-to-first-event p50 the BFF may add, ms. */
  addedTtfeP50Ms: 2,
  /** BFF resident memory per open stream, bytes. */
  bytesPerStream: 40 * 1024,
  /** Widget loader (`widget.js`), gzip bytes (the budget `npm run size` checks). */
  widgetLoaderGzipBytes: widgetBudgets.loader,
  /** Panel's first paint (loader + panel chunk + its static imports), gzip bytes. */
  widgetFirstPaintGzipBytes: widgetBudgets.firstPaint,
  /** Whole widget (loader + chunks, with the lazily loaded ones), gzip bytes. */
  widgetTotalGzipBytes: widgetBudgets.total,
  /** Longest main-thread task while an answer streams in, ms. */
  longestTaskMs: 50,
  /**
   * Renderer main-thread time per streamed answer fragment on a quiet machine, ms (DESIGN.md
   * §5). Reported, not checked: the check is {@link BUDGETS.widgetToPlainAppendRatio}.
   */
  mainThreadMsPerFragment: 0.1,
  /**
   * Widget main-thread time per fragment over a plain text append of the same stream
   * (fetch + `append` to a `<pre>`), traced in the same browser right after each answer,
   * median of the answers: 0.1 ms against the plain append's 0.5 ms per fragment, the
   * median of the three full runs of 2026-11-26 on a quiet 2-core machine (0.478, 0.500,
   * 0.532 ms) — the same budget, freed from how fast the machine's Chromium is that run.
   */
  widgetToPlainAppendRatio: 0.2,
  /** Agent service query p50 over HTTP (retrieval + extractive answer) at 50,000 chunks, ms. */
  retrievalP50Ms: 20,
  /** `search_docs` through the MCP endpoint over the datastore query route it mirrors, p50, same run, ms (issue 51). */
  mcpSearchOverDatastoreQueryMs: 5,
  /** The whole answer path (retrieval + composition) per question on a ~20,000-chunk real site, p50, ms (issue 50). */
  realSiteAnswerP50Ms: 30,
  /** The same, p95, ms. */
  realSiteAnswerP95Ms: 100,
  /** The ⌘K search's type-ahead through the BFF (every prefix of real questions) at 50,000 chunks, p50, ms (issue 52). */
  typeAheadP50Ms: 15,
  /** The same, p95, ms. */
  typeAheadP95Ms: 40,
  /** Chunks at which the retrieval budget applies (smaller runs report without checking). */
  retrievalBudgetChunks: 50_000,
  /**
   * Text chunks ingested per second into PGlite (upsert → synched) on a quiet 2-core
   * machine. Reported, not checked: the check is {@link BUDGETS.ingestionToPlainInsertRatio}.
   */
  ingestedChunksPerSecond: 4_000,
  /** Re-sync of an unchanged site over its first ingest's time, same run (and 0 chunks rewritten). */
  resyncTimeRatio: 0.1,
  /**
   * Ingestion rate over the rate of a plain `INSERT … unnest` of the same rows into the same
   * PGlite, median of the upserts: 4,000 chunks/s against the plain insert's rate on a quiet
   * 2-core machine, estimated (docs/benchmarks.md says how; to confirm on a quiet machine).
   */
  ingestionToPlainInsertRatio: 0.055,
  /** `npm start` RSS summed over its process group: idle, after queries, under 16 users, bytes. */
  startRssBytes: 256 * 1024 * 1024,
  /** `npm start` RSS summed over its process group at its highest during start-up (seeding), bytes. */
  startPeakRssBytes: 350 * 1024 * 1024,
  /** The agent service alone (`agent-chat-service serve`, demo data), idle, bytes. */
  serviceIdleRssBytes: 160 * 1024 * 1024,
  /** Grouping 10,000 content gaps into topics (`groupGaps`), median of fresh processes, ms (issue 53). */
  gapTopicsMs: 2_000,
  /** Memory that grouping adds (resident set or heap growth, whichever is more), bytes (issue 53). */
  gapTopicsExtraBytes: 50 * 1024 * 1024,
} as const;

/** One budget, checked against a single figure or against the median of a {@link Measurement}. */
export interface BudgetCheck {
  /** What is budgeted, e.g. "JSON relay throughput, BFF / pipe". */
  name: string;
  /** The limit as a person reads it, e.g. "≥ 0.85". */
  limit: string;
  /** The measured value, formatted. */
  actual: string;
  /** How the samples spread (`min–max, ±noise %, n=…`) when the figure is a median. */
  spread?: string;
  pass: boolean;
}

/** A figure as measured: one value, or samples whose median is checked. */
export type Measured = number | Measurement;

function checked(
  name: string,
  measured: Measured,
  limit: number,
  format: (value: number) => string,
  comparison: '≥' | '≤',
): BudgetCheck {
  const value = typeof measured === 'number' ? measured : measured.median;
  const pass = comparison === '≥' ? value >= limit : value <= limit;
  const check: BudgetCheck = {
    name,
    limit: `${comparison} ${format(limit)}`,
    actual: format(value),
    pass,
  };
  if (typeof measured !== 'number') check.spread = formatSpread(measured, format);
  return check;
}

/**
 * A check that `actual` (or its median) is at least `limit` (NaN fails). A measurement's
 * spread is kept on the check, but only its median decides.
 */
export function atLeast(
  name: string,
  actual: Measured,
  limit: number,
  format: (value: number) => string,
): BudgetCheck {
  return checked(name, actual, limit, format, '≥');
}

/** A check that `actual` (or its median) is at most `limit` (NaN fails); see {@link atLeast}. */
export function atMost(
  name: string,
  actual: Measured,
  limit: number,
  format: (value: number) => string,
): BudgetCheck {
  return checked(name, actual, limit, format, '≤');
}

/** A check that something that must hold did (e.g. "no errors"). */
export function holds(name: string, limit: string, actual: string, pass: boolean): BudgetCheck {
  return { name, limit, actual, pass };
}

/** The failed checks, as lines naming each missed budget. */
export function missedBudgets(checks: readonly BudgetCheck[]): string[] {
  return checks
    .filter((check) => !check.pass)
    .map(
      (check) =>
        `budget missed: ${check.name}: ${check.actual}${check.spread ? ` (median; ${check.spread})` : ''} (budget ${check.limit})`,
    );
}

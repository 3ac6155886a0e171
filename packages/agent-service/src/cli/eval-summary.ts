import type { EvalQuestionResult } from './eval-question-result.js';

/** Hits out of the questions a measure applies to. */
export interface Tally {
  hits: number;
  total: number;
}

/** The totals of an evaluation run. */
export interface EvalSummary {
  questions: number;
  answerable: number;
  unanswerable: number;
  /** Over answerable questions. */
  source1: Tally;
  source3: Tally;
  /** Over answerable questions with a heading. */
  section3: Tally;
  /** Over answerable questions with key phrases. */
  phrase: Tally;
  /** Unanswerable questions declined. */
  declined: Tally;
  /** Answerable questions refused (hits: how many were refused). */
  refused: Tally;
  /** Questions whose query failed. */
  errors: number;
  /** Per-query latency over HTTP, ms (nearest rank). */
  latency: { p50: number; p95: number };
  /** Questions with a failed measure, and by which stage they were lost. */
  misses: { total: number; retrieval: number; answer: number; error: number; unknown: number };
  /** When the first correct answer came back, ms after the run started (null: none). */
  firstCorrectAfterMs: number | null;
  /** Questions whose answer leaves a fenced code block open, by id. */
  codeBlocksLeftOpen: string[];
}

function tally(results: readonly EvalQuestionResult[], pick: (r: EvalQuestionResult) => unknown) {
  const applicable = results.map(pick).filter((value) => value !== undefined);
  return { hits: applicable.filter((value) => value === true).length, total: applicable.length };
}

/** Nearest-rank percentile of ascending values (0 for none). */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** Adds up an evaluation run's per-question results. */
export function summarizeEval(results: readonly EvalQuestionResult[]): EvalSummary {
  const latencies = results.map((result) => result.latencyMs).sort((left, right) => left - right);
  const misses = { total: 0, retrieval: 0, answer: 0, error: 0, unknown: 0 };
  for (const result of results) {
    if (result.miss === undefined) continue;
    misses.total += 1;
    misses[result.miss.lostBy] += 1;
  }
  const correct = results
    .filter((result) => result.score.correct)
    .map((result) => result.answeredAfterMs);
  return {
    questions: results.length,
    answerable: results.filter((result) => result.page !== null).length,
    unanswerable: results.filter((result) => result.page === null).length,
    source1: tally(results, (result) => result.score.source1),
    source3: tally(results, (result) => result.score.source3),
    section3: tally(results, (result) => result.score.section3),
    phrase: tally(results, (result) => result.score.phrase),
    declined: tally(results, (result) => result.score.declined),
    refused: tally(results, (result) => result.score.refused),
    errors: results.filter((result) => result.error !== undefined).length,
    latency: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
    misses,
    firstCorrectAfterMs: correct.length === 0 ? null : Math.min(...correct),
    codeBlocksLeftOpen: results
      .filter((result) => result.score.codeBlockLeftOpen)
      .map((result) => result.id),
  };
}

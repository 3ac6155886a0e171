import type { MissDiagnosis } from './eval-diagnosis.js';
import type { QuestionScore } from './eval-score.js';

/**
 * One question of an evaluation run, what came back and how it scored: what `runEval`
 * produces per question, and what `summarizeEval` and the report read.
 */
export interface EvalQuestionResult {
  id: string;
  question: string;
  kind?: string;
  page: string | null;
  heading: string | null;
  phrases: string[];
  answer: string;
  /** The cited sources in order: URL (with the heading anchor), else datasource name. */
  sources: { url: string | null; name: string; score: number }[];
  /** Time of the query over HTTP, ms. */
  latencyMs: number;
  /** When the answer came back, ms after the run started. */
  answeredAfterMs: number;
  /** Why the query failed (then it scores as a miss). */
  error?: string;
  score: QuestionScore;
  /** Set when a measure failed: which ones, and which stage lost the answer. */
  miss?: { failed: string[] } & MissDiagnosis;
}

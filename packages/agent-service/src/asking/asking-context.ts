import type { Answerer, QuestionCondenser } from '../answering/index.js';
import type { HybridRetrieval } from '../embeddings/index.js';
import type { Logger } from '../logger.js';
import type { UsageLimit } from '../organizations/index.js';
import type { StageName } from '../retrieval/index.js';
import type { Database } from '../store/index.js';

/** What answering one question needs from the service (part of the routes' context). */
export interface AskingContext {
  database: Database;
  answerer: Answerer;
  /** The answerer's name in answer metadata (`extractive`, `openai`, `custom`). */
  answererName: string;
  /** Rewrites follow-ups into standalone questions before retrieval (with an LLM only). */
  condenser?: QuestionCondenser | undefined;
  /** Quota for organizations without their own; `undefined` = unlimited. */
  usageLimit: UsageLimit | undefined;
  /** Interval of the heartbeat comments of a stream, ms. */
  heartbeatMs: number;
  now: () => number;
  logger: Logger;
  /** Hybrid retrieval (embeddings); lexical only when not configured. */
  hybrid?: HybridRetrieval | undefined;
  /** Stages of the ranking pipeline switched off, for measurements (`rankingStagesOff`). */
  stagesOff?: ReadonlySet<StageName> | undefined;
}

import type { Answerer, QuestionCondenser } from '../answering/index.js';
import type { HandoffNotifier } from '../conversations/index.js';
import type { HybridRetrieval } from '../embeddings/index.js';
import type { Ingestion } from '../ingestion/index.js';
import type { Logger } from '../logger.js';
import type { UsageLimit } from '../organizations/index.js';
import type { Database } from '../store/index.js';

/** What the route handlers share; built once by `createAgentService`. */
export interface ServiceContext {
  database: Database;
  /** Wakes the ingestion workers and waits for datasources to settle. */
  ingestion: Ingestion;
  /** Lowest `config.sync_interval_minutes` accepted (`SYNC_MIN_INTERVAL_MINUTES`). */
  syncMinIntervalMinutes: number;
  /** Largest uploaded file, in bytes. */
  uploadLimitBytes: number;
  answerer: Answerer;
  /** The answerer's name in answer metadata (`extractive`, `openai`, `custom`). */
  answererName: string;
  /** Rewrites follow-ups into standalone questions before retrieval (with an LLM only). */
  condenser?: QuestionCondenser | undefined;
  /** Quota for organizations without their own; `undefined` = unlimited. */
  usageLimit: UsageLimit | undefined;
  heartbeatMs: number;
  now: () => number;
  logger: Logger;
  /** Hybrid retrieval (embeddings); lexical only when not configured. */
  hybrid?: HybridRetrieval | undefined;
  /** Told when a visitor starts a handoff (the webhook); none when not configured. */
  handoffNotifier?: HandoffNotifier | undefined;
}

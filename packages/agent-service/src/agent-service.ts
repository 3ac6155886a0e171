import { LIMITS } from '@agent-chat/protocol';
import type { Express } from 'express';
import {
  type Answerer,
  createExtractiveAnswerer,
  createOpenAiAnswerer,
  createQuestionCondenser,
  type QuestionCondenser,
} from './answering/index.js';
import { createHttpApp, type ServiceContext } from './api/index.js';
import { createHandoffWebhook, type HandoffWebhookOptions } from './conversations/index.js';
import { type SeedDemoOptions, type SeedDemoResult, seedDemo } from './demo/index.js';
import {
  type HybridRetrieval,
  type HybridRetrievalOptions,
  startHybridRetrieval,
} from './embeddings/index.js';
import { type Ingestion, type IngestionOptions, startIngestion } from './ingestion/index.js';
import { type Logger, silentLogger } from './logger.js';
import {
  assertUsageLimit,
  type CreateOrganizationOptions,
  createOrganization,
  type UsageLimit,
} from './organizations/index.js';
import { createPgDatabase, createPgliteDatabase, type Database, migrate } from './store/index.js';

/** Options of {@link createAgentService} (and `startAgentService`). */
export interface AgentServiceOptions {
  /** PGlite data directory (created if missing). Omitted (and no `databaseUrl`): in-memory PGlite. */
  dataDir?: string;
  /** A PostgreSQL connection string: use a real server through `pg` instead of PGlite. */
  databaseUrl?: string;
  /** An already open database (tests, embedding); takes precedence over the two above. */
  database?: Database;
  /** Default query quota per organization (organizations may have their own). Default: unlimited. */
  usageLimit?: UsageLimit;
  /**
   * An OpenAI-compatible backend. Omitted: the extractive answerer (no model, no network).
   * `condenseTimeoutMs`: longest time the model may take to turn a follow-up into a
   * standalone question before retrieval (default 5 000; 0: do not condense, blend the
   * previous question in as without a model).
   */
  llm?: {
    baseUrl: string;
    apiKey?: string;
    model?: string;
    timeoutMs?: number;
    condenseTimeoutMs?: number;
  };
  /** A custom answerer, used instead of the extractive or LLM one. */
  answerer?: Answerer;
  /** Pause between the extractive answerer's streamed words, ms. Default 0. */
  fragmentDelayMs?: number;
  /** Interval of `: ping` heartbeat comments on streams, ms. Default 15 000. */
  heartbeatMs?: number;
  /** Largest JSON body accepted, in bytes (413 above). Default 10 MiB. */
  bodyLimitBytes?: number;
  /** How long a resolved API key is remembered in memory, ms (0: look it up every time). Default 30 000. */
  authCacheTtlMs?: number;
  /** Logger with pino's call shape. Default: silent. */
  logger?: Logger;
  /** Clock for usage-limit windows. Default `Date.now`. */
  now?: () => number;
  /** Fetch used by the LLM backend and the handoff webhook. Default: global fetch. */
  fetch?: typeof fetch;
  /**
   * POST a signed notification here when a visitor starts a handoff (`url`, `secret`,
   * optional `retries`, `baseDelayMs`, `timeoutMs`). Default: none.
   */
  handoffWebhook?: Omit<HandoffWebhookOptions, 'fetch' | 'logger' | 'now'>;
  /**
   * Delete conversations inactive for longer than this many days, hourly (by
   * `startAgentService`; `deleteExpiredConversations` runs it once). Default: kept forever.
   */
  conversationRetentionDays?: number;
  /**
   * Ingestion workers and web fetching: `{ workers (default 2; 0: this process ingests
   * nothing), leaseMs, pollMs, fetch: { timeoutMs, maxBytes, maxRedirects }, analysisThread
   * ('on-demand' by default; 'at-start' loads the chunk-analysis thread at start-up) }`.
   */
  ingestion?: Omit<IngestionOptions, 'fetch' | 'exclusive' | 'onSettled'> & {
    fetch?: Omit<NonNullable<IngestionOptions['fetch']>, 'allowPrivateUrls'>;
  };
  /**
   * Let `web_page`/`web_site` datasources fetch loopback, private and link-local addresses
   * (env `ALLOW_PRIVATE_URLS=true`). Default false: the admin API must not become a
   * server-side request forgery tool.
   */
  allowPrivateUrls?: boolean;
  /** Largest uploaded file, in bytes (413 above, nothing stored). Default 25 MiB. */
  uploadLimitBytes?: number;
  /**
   * Hybrid retrieval: an OpenAI-compatible `/v1/embeddings` API (`{ url, model, apiKey?,
   * dimensions?, batchSize?, minSimilarity?, … }`). Chunks get vectors in the background
   * (pgvector, HNSW index), and queries fuse them with the lexical ranking. Default: none
   * (lexical only; no vector extension needed).
   */
  embeddings?: HybridRetrievalOptions;
}

/** The service without a listening socket: an Express app plus its storage. */
export interface AgentService {
  /** The Express app serving `/api/*` (and `GET /healthz`). Mount it or `listen()` it. */
  app: Express;
  /** The open database (migrated). */
  database: Database;
  /**
   * Creates an organization and its API key; the plaintext key is returned once and
   * stored hashed. `options.apiKey` sets the exact key.
   */
  createOrganization(
    name: string,
    options?: Omit<CreateOrganizationOptions, 'id'>,
  ): Promise<{ organizationId: string; apiKey: string }>;
  /** Creates or refreshes the demo organization, datastore and agent `demo` (idempotent). */
  seedDemo(options?: SeedDemoOptions): Promise<SeedDemoResult>;
  /** The ingestion workers: `waitFor(datasourceIds)` resolves once they are synched or in error. */
  ingestion: Ingestion;
  /**
   * Hybrid retrieval, when `embeddings` is set: `pending()` counts chunks without a vector,
   * `pass.drain()` resolves once there are none.
   */
  hybrid: HybridRetrieval | undefined;
  /**
   * Stops the ingestion workers (jobs in progress go back to the queue) and their
   * chunk-analysis thread, and closes the database.
   */
  close(): Promise<void>;
}

async function openDatabase(options: AgentServiceOptions): Promise<Database> {
  if (options.database) return options.database;
  if (options.databaseUrl) return createPgDatabase({ databaseUrl: options.databaseUrl });
  return createPgliteDatabase(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
}

function chooseAnswerer(options: AgentServiceOptions): Answerer {
  if (options.answerer) return options.answerer;
  if (options.llm) {
    return createOpenAiAnswerer({
      baseUrl: options.llm.baseUrl,
      ...(options.llm.apiKey === undefined ? {} : { apiKey: options.llm.apiKey }),
      ...(options.llm.model === undefined ? {} : { model: options.llm.model }),
      ...(options.llm.timeoutMs === undefined ? {} : { timeoutMs: options.llm.timeoutMs }),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }
  return createExtractiveAnswerer(
    options.fragmentDelayMs === undefined ? {} : { fragmentDelayMs: options.fragmentDelayMs },
  );
}

function chooseCondenser(options: AgentServiceOptions): QuestionCondenser | undefined {
  const { llm } = options;
  if (!llm || options.answerer || llm.condenseTimeoutMs === 0) return undefined;
  return createQuestionCondenser({
    baseUrl: llm.baseUrl,
    apiKey: llm.apiKey,
    model: llm.model,
    timeoutMs: llm.condenseTimeoutMs,
    fetch: options.fetch,
  });
}

/**
 * Creates the agent service: opens and migrates the database (PGlite in `dataDir` or in
 * memory, or PostgreSQL at `databaseUrl`) and builds the Express app. It does not listen;
 * see `startAgentService` for that.
 *
 * @example
 * const service = await createAgentService({ dataDir: '.data/agent-service' });
 * const { apiKey } = await service.createOrganization('Acme');
 * http.createServer(service.app).listen(3001);
 */
export async function createAgentService(options: AgentServiceOptions = {}): Promise<AgentService> {
  if (options.usageLimit) assertUsageLimit(options.usageLimit);
  const logger = options.logger ?? silentLogger;
  const handoffNotifier = options.handoffWebhook
    ? createHandoffWebhook({
        ...options.handoffWebhook,
        logger,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.now ? { now: options.now } : {}),
      })
    : undefined;
  const database = await openDatabase(options);
  let ingestion: Ingestion;
  let hybrid: HybridRetrieval | undefined;
  try {
    await migrate(database);
    hybrid = options.embeddings
      ? await startHybridRetrieval(
          database,
          { ...options.embeddings, fetch: options.fetch },
          logger,
          // Processes that ingest nothing leave the vectors to those that do.
          options.ingestion?.workers !== 0,
        )
      : undefined;
    ingestion = await startIngestion(database, logger, {
      ...options.ingestion,
      onSettled: () => hybrid?.pass?.wake(),
      // PGlite in a data directory is locked to this process: nobody else can hold a job.
      exclusive: options.database === undefined && options.databaseUrl === undefined,
      fetch: { ...options.ingestion?.fetch, allowPrivateUrls: options.allowPrivateUrls === true },
    });
  } catch (error) {
    await hybrid?.pass?.stop();
    await database.close();
    throw error;
  }
  const context: ServiceContext = {
    database,
    ingestion,
    answerer: chooseAnswerer(options),
    answererName: options.answerer ? 'custom' : options.llm ? 'openai' : 'extractive',
    condenser: chooseCondenser(options),
    usageLimit: options.usageLimit,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    now: options.now ?? Date.now,
    uploadLimitBytes: options.uploadLimitBytes ?? LIMITS.uploadBytes.max,
    logger,
    handoffNotifier,
    hybrid,
  };

  const app = createHttpApp(context, {
    bodyLimitBytes: options.bodyLimitBytes,
    authCacheTtlMs: options.authCacheTtlMs,
  });

  return {
    app,
    database,
    createOrganization: (name, organizationOptions) =>
      createOrganization(database, name, organizationOptions),
    seedDemo: (seedOptions) => seedDemo(database, ingestion, seedOptions),
    ingestion,
    hybrid,
    close: async () => {
      await ingestion.stop();
      await hybrid?.pass?.stop();
      handoffNotifier?.close();
      await database.close();
    },
  };
}

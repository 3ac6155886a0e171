import type { Express } from 'express';
import {
  type Answerer,
  createExtractiveAnswerer,
  createOpenAiAnswerer,
  createQuestionCondenser,
  type QuestionCondenser,
} from './answering/index.js';
import { createHttpApp, type ServiceContext } from './api/index.js';
import { createHandoffWebhook } from './conversations/index.js';
import { type SeedDemoOptions, type SeedDemoResult, seedDemo } from './demo/index.js';
import { type HybridRetrieval, startHybridRetrieval } from './embeddings/index.js';
import { type Ingestion, startIngestion } from './ingestion/index.js';
import { silentLogger } from './logger.js';
import {
  type AgentServiceOptions,
  type ResolvedAgentServiceOptions,
  resolveAgentServiceOptions,
} from './options/index.js';
import { type CreateOrganizationOptions, createOrganization } from './organizations/index.js';
import { createPgDatabase, createPgliteDatabase, type Database, migrate } from './store/index.js';

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

async function openDatabase(options: ResolvedAgentServiceOptions): Promise<Database> {
  if (options.database) return options.database;
  if (options.databaseUrl) return createPgDatabase({ databaseUrl: options.databaseUrl });
  return createPgliteDatabase({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.pgliteCacheMb === undefined ? {} : { cacheMb: options.pgliteCacheMb }),
  });
}

function chooseAnswerer(options: ResolvedAgentServiceOptions): Answerer {
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

function chooseCondenser(options: ResolvedAgentServiceOptions): QuestionCondenser | undefined {
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
export async function createAgentService(given: AgentServiceOptions = {}): Promise<AgentService> {
  const options = resolveAgentServiceOptions(given);
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
      ...(options.now ? { now: options.now } : {}),
      // PGlite in a data directory is locked to this process: nobody else can hold a job.
      exclusive: options.database === undefined && options.databaseUrl === undefined,
      fetch: { ...options.ingestion?.fetch, allowPrivateUrls: options.allowPrivateUrls },
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
    heartbeatMs: options.heartbeatMs,
    now: options.now ?? Date.now,
    uploadLimitBytes: options.uploadLimitBytes,
    syncMinIntervalMinutes: options.syncMinIntervalMinutes,
    logger,
    handoffNotifier,
    onContactCaptured: options.onContactCaptured,
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

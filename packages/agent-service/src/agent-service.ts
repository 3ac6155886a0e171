import type { Express } from 'express';
import { invalidOptions } from './agent-service-error.js';
import {
  type Answerer,
  createExtractiveAnswerer,
  createOpenAiAnswerer,
  createQuestionCondenser,
  type QuestionCondenser,
} from './answering/index.js';
import { createHttpApp, type ServiceContext } from './api/index.js';
import { type SeedDemoOptions, type SeedDemoResult, seedDemo } from './demo/index.js';
import { type HybridRetrieval, startHybridRetrieval } from './embeddings/index.js';
import { createGapsReporter, createGapTopicsCache, type GapsReporter } from './gaps/index.js';
import { type Ingestion, startIngestion } from './ingestion/index.js';
import {
  createChannelTransport,
  createIntegrations,
  type Integrations,
} from './integrations/index.js';
import { type Logger, silentLogger } from './logger.js';
import { createNotifier, type Notifier } from './notifications/index.js';
import {
  type AgentServiceOptions,
  type ResolvedAgentServiceOptions,
  resolveAgentServiceOptions,
} from './options/index.js';
import { type CreateOrganizationOptions, createOrganization } from './organizations/index.js';
import {
  createMailTransport,
  createOutboxWorker,
  createWebhookTransport,
  type OutboxWorker,
} from './outbox/index.js';
import { createSearchCache } from './search/index.js';
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
   * Queues mails and events in the outbox. `notifier.contactCaptured(database,
   * organizationId, contact)` is what the contacts feature calls on a new contact.
   */
  notifier: Notifier;
  /** The outbox's delivery worker (`idle()` resolves when nothing is due); none without mail, webhook or integrations. */
  outbox: OutboxWorker | undefined;
  /**
   * Hybrid retrieval, when `embeddings` is set: `pending()` counts chunks without a vector,
   * `pass.drain()` resolves once there are none.
   */
  hybrid: HybridRetrieval | undefined;
  /** Slack and Discord: `idle()` resolves once no answer to them is under way. */
  integrations: Integrations;
  /**
   * The weekly content-gaps report (`gapsReport: 'weekly'`): `runDue()` sends the reports
   * due by the service's clock. None when off.
   */
  gapsReport: GapsReporter | undefined;
  /**
   * Stops the gaps report's checks, the answers to Slack and Discord under way, the ingestion workers (jobs in progress go back to the queue) and their
   * chunk-analysis thread, the outbox worker (attempts in flight are retried later), and
   * closes the database.
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

/** The outbox's delivery worker, when mail, a webhook or integrations are configured. */
function startOutbox(
  options: ResolvedAgentServiceOptions,
  database: Database,
  logger: Logger,
  mailFrom: string | undefined,
): OutboxWorker | undefined {
  const webhook = options.webhook ?? options.handoffWebhook;
  const secret = options.integrationsSecret;
  if (options.smtpUrl === undefined && webhook === undefined && secret === undefined) {
    return undefined;
  }
  const { timeoutMs, ...tuning } = options.outbox ?? {};
  const timeout = timeoutMs === undefined ? {} : { timeoutMs };
  return createOutboxWorker({
    ...tuning,
    database,
    logger,
    ...(options.now ? { now: options.now } : {}),
    mail:
      options.smtpUrl === undefined || mailFrom === undefined
        ? undefined
        : createMailTransport({ smtpUrl: options.smtpUrl, from: mailFrom, ...timeout }),
    webhook:
      webhook === undefined
        ? undefined
        : createWebhookTransport({
            secret: webhook.secret,
            allowPrivateUrls: options.allowPrivateUrls,
            ...timeout,
            ...(options.now ? { now: options.now } : {}),
          }),
    channels:
      secret === undefined
        ? undefined
        : createChannelTransport({
            database,
            secret,
            slackApiUrl: options.slackApiUrl,
            discordApiUrl: options.discordApiUrl,
            timeoutMs: options.integrations?.timeoutMs,
            logger,
          }),
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
  const mailFrom = options.mailFrom ?? options.notifyEmail;
  if (options.smtpUrl !== undefined && mailFrom === undefined) {
    throw invalidOptions(
      'createAgentService: mail needs a sender: set mailFrom (MAIL_FROM) or notifyEmail (NOTIFY_EMAIL) with smtpUrl (SMTP_URL).',
    );
  }
  if (
    options.gapsReport === 'weekly' &&
    (options.webhook ?? options.handoffWebhook) === undefined &&
    (options.smtpUrl === undefined || options.notifyEmail === undefined)
  ) {
    throw invalidOptions(
      'createAgentService: the weekly gaps report (GAPS_REPORT=weekly) needs somewhere to go: set smtpUrl (SMTP_URL) with notifyEmail (NOTIFY_EMAIL), or webhook (WEBHOOK_URL).',
    );
  }
  const database = await openDatabase(options);
  let ingestion: Ingestion;
  let hybrid: HybridRetrieval | undefined;
  let outbox: OutboxWorker | undefined;
  let notifier: Notifier;
  try {
    await migrate(database);
    outbox = startOutbox(options, database, logger, mailFrom);
    notifier = createNotifier({
      ...(options.smtpUrl === undefined
        ? {}
        : { mail: options.notifyEmail === undefined ? {} : { notifyEmail: options.notifyEmail } }),
      webhookUrl: (options.webhook ?? options.handoffWebhook)?.url,
      publicConsoleUrl: options.publicConsoleUrl,
      findContact: options.findContact,
      now: options.now ?? Date.now,
      wake: () => outbox?.wake(),
    });
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
      onSettled: () => {
        hybrid?.pass?.wake();
        notifier.wake();
      },
      onCommitted: (transaction, datasourceIds) =>
        notifier.datasourcesSettled(transaction, datasourceIds),
      ...(options.now ? { now: options.now } : {}),
      // PGlite in a data directory is locked to this process: nobody else can hold a job.
      exclusive: options.database === undefined && options.databaseUrl === undefined,
      fetch: { ...options.ingestion?.fetch, allowPrivateUrls: options.allowPrivateUrls },
    });
  } catch (error) {
    await hybrid?.pass?.stop();
    await outbox?.stop();
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
    notifier,
    onContactCaptured: options.onContactCaptured,
    hybrid,
    stagesOff: new Set(options.rankingStagesOff),
    gapTopicsCache: createGapTopicsCache(),
    searchCache: createSearchCache(),
  };
  const integrations = createIntegrations(context, {
    secret: options.integrationsSecret,
    slackApiUrl: options.slackApiUrl,
    discordApiUrl: options.discordApiUrl,
    ...options.integrations,
  });
  context.integrations = integrations;
  const gapsReport =
    options.gapsReport === 'weekly'
      ? createGapsReporter({
          database,
          gapTopicsCache: context.gapTopicsCache,
          notifier,
          publicConsoleUrl: options.publicConsoleUrl,
          now: context.now,
          logger,
        })
      : undefined;

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
    notifier,
    outbox,
    hybrid,
    integrations,
    gapsReport,
    close: async () => {
      await gapsReport?.stop();
      await integrations.stop();
      await ingestion.stop();
      await hybrid?.pass?.stop();
      await outbox?.stop();
      context.searchCache?.clear();
      await database.close();
    },
  };
}

/**
 * @agent-chat/agent-service — an embeddable implementation of the Conversational Agent
 * Service API (agents, datastores, datasources, retrieval-grounded queries with SSE
 * streaming), on embedded PGlite or PostgreSQL.
 *
 * @example
 * import { startAgentService } from '@agent-chat/agent-service';
 * const service = await startAgentService({ port: 0 });
 * const { apiKey } = await service.seedDemo();
 */
export { type AgentService, createAgentService } from './agent-service.js';
export { AgentServiceError } from './agent-service-error.js';
export {
  type Answerer,
  type AnswerInput,
  type AnswerSettings,
  createExtractiveAnswerer,
  createOpenAiAnswerer,
  type ExtractiveAnswererOptions,
  NOTHING_FOUND_ANSWER,
  type OpenAiAnswererOptions,
} from './answering/index.js';
export {
  type CitedSource,
  createServiceClient,
  type EvalAnswer,
  type EvalQuestion,
  type EvalQuestionResult,
  type EvalReport,
  type EvalSummary,
  formatEvalReport,
  normalizeEvalText,
  type RunEvalOptions,
  readEvalQuestions,
  runEval,
  type ServiceClient,
  scoreReply,
  summarizeEval,
  type Tally,
} from './cli/index.js';
export type { ContactCapturedEvent, ContactCapturedListener } from './contacts/index.js';
export { deleteExpiredConversations } from './conversations/index.js';
export {
  DEMO_AGENT_ID,
  DEMO_DATASTORE_ID,
  DEMO_DOCS_DIR,
  type SeedDemoOptions,
  type SeedDemoResult,
} from './demo/index.js';
export {
  EmbeddingsError,
  type EmbeddingsFailure,
  type HybridRetrieval,
  type HybridRetrievalOptions,
} from './embeddings/index.js';
export { type GapGroup, groupGaps } from './gaps/index.js';
export { createJsonLogger, type Logger, silentLogger } from './logger.js';
export type { FindContact, Notifier } from './notifications/index.js';
export {
  type AgentServiceOptions,
  type IngestionSettings,
  type OutboxSettings,
  type ServerOptions,
  type StartAgentServiceOptions,
  serveOptionsFromEnv,
  type WebhookSettings,
} from './options/index.js';
export type { CreateOrganizationOptions, UsageLimit } from './organizations/index.js';
export {
  type OutboxWorker,
  type OutboxWorkerOptions,
  signWebhook,
  verifyWebhook,
} from './outbox/index.js';
export { type Passage, STAGE_NAMES, type StageName } from './retrieval/index.js';
export { type RunningAgentService, startAgentService } from './server.js';
export {
  createPgDatabase,
  createPgliteDatabase,
  type Database,
  MigrationChangedError,
  type PgliteDatabaseOptions,
  type Queryable,
} from './store/index.js';

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
export {
  type AgentService,
  type AgentServiceOptions,
  createAgentService,
} from './agent-service.js';
export { AgentServiceError } from './agent-service-error.js';
export type { Answerer, AnswerInput, AnswerSettings } from './answerer.js';
export type { Database, Queryable } from './database.js';
export {
  createExtractiveAnswerer,
  type ExtractiveAnswererOptions,
  NOTHING_FOUND_ANSWER,
} from './extractive-answerer.js';
export { createJsonLogger, type Logger, silentLogger } from './logger.js';
export { createOpenAiAnswerer, type OpenAiAnswererOptions } from './openai-answerer.js';
export type { CreateOrganizationOptions, UsageLimit } from './organizations.js';
export { createPgDatabase } from './pg-database.js';
export { createPgliteDatabase, type PgliteDatabaseOptions } from './pglite-database.js';
export type { Passage } from './retrieval.js';
export {
  DEMO_AGENT_ID,
  DEMO_DATASTORE_ID,
  DEMO_DOCS_DIR,
  type SeedDemoOptions,
  type SeedDemoResult,
} from './seed-demo.js';
export {
  type RunningAgentService,
  type StartAgentServiceOptions,
  startAgentService,
} from './server.js';

/**
 * @agent-chat/bff — an Express 5 backend-for-frontend that lets browsers talk to the
 * agent service without ever seeing its token.
 *
 * @example
 * import express from 'express';
 * import { createBff } from '@agent-chat/bff';
 * const app = express();
 * app.use('/chat', createBff({ upstreamUrl, agentApiToken, allowedAgents: ['demo'] }));
 */

export { createAdminRouter } from './admin/index.js';
export { BffError, INVALID_OPTIONS } from './bff-error.js';
export { type BffRouter, createBff, type RequestListenerOptions } from './create-bff.js';
export { createDefaultLogger, notFound } from './http/index.js';
export {
  type AgentPolicy,
  BFF_DEFAULTS,
  BFF_ENV_VARIABLES,
  type BffOptions,
  bffOptionsFromEnv,
  type Env,
  type EnvReadOptions,
  type EnvVariable,
  type RateLimitOptions,
  type ResolvedBffOptions,
  resolveBffOptions,
  type ServerEnvOptions,
  serverOptionsFromEnv,
} from './options/index.js';
export { type RunningBff, type StartBffOptions, startBff } from './server.js';
export {
  createStandaloneBff,
  type StandaloneBff,
  type StandaloneBffOptions,
} from './standalone-bff.js';
export {
  createWidgetAssets,
  defaultWidgetDir,
  ENTRY_CACHE_CONTROL,
  HASHED_CACHE_CONTROL,
  type WidgetAssetsOptions,
} from './widget-assets/index.js';

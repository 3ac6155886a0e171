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

export { ADMIN_MAX_BODY_BYTES, createAdminRouter } from './admin-router.js';
export { BffError, INVALID_OPTIONS } from './bff-error.js';
export type { AgentPolicy, BffOptions, RateLimitOptions } from './bff-options.js';
export { type BffRouter, createBff, type RequestListenerOptions } from './create-bff.js';
export {
  BFF_ENV_VARIABLES,
  bffOptionsFromEnv,
  type Env,
  type EnvReadOptions,
  type EnvVariable,
  type ServerEnvOptions,
  serverOptionsFromEnv,
} from './env-options.js';
export {
  BFF_DEFAULTS,
  type ResolvedBffOptions,
  resolveBffOptions,
} from './resolve-bff-options.js';
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
} from './widget-assets.js';

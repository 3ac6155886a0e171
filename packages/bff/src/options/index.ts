/**
 * The BFF's options, declared once in a zod schema (type, default, constraints,
 * environment variable, help text) and everything derived from it: the `createBff()`
 * option types, resolving them (once, in `createBff`), reading them from the environment,
 * the `--help` list and the README table.
 */
export { type AgentPolicy, requiresIdentity } from './agent-policy.js';
export type {
  BffOptions,
  RateLimitOptions,
  ResolvedBffOptions,
} from './bff-options-schema.js';
export {
  BFF_ENV_VARIABLES,
  bffOptionsFromEnv,
  type Env,
  type EnvReadOptions,
  type EnvVariable,
  type ServerEnvOptions,
  serverOptionsFromEnv,
} from './env-options.js';
/** @internal For the README's test alone (see `renderOptionsTable`). */
export { renderOptionsTable } from './options-table.js';
export {
  BFF_DEFAULTS,
  resolveBffOptions,
  resolveServerOptions,
} from './resolve-options.js';
export type { ServerOptions } from './server-options-schema.js';

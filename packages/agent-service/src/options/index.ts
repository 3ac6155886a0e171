/**
 * The agent service's options, declared once in zod schemas (type, default, constraints,
 * environment variable, help text) and everything derived from them: the
 * `createAgentService()`/`startAgentService()` option types, resolving them (once, at
 * start), the command line's reading of its variables and flags, each command's `--help`
 * list and the README's tables. Built on `@agent-chat/protocol/options`, as the BFF's are.
 */
export { commandOptionsHelp } from './command-options.js';
export {
  discordOptionsFrom,
  embeddingsFromEnv,
  ingestOptionsFrom,
  retentionDaysFrom,
  serveOptionsFromEnv,
  storageFromEnv,
} from './env-options.js';
export type { IngestionSettings } from './knowledge-options-schema.js';
export type { OutboxSettings, WebhookSettings } from './notification-options-schema.js';
/** @internal For the README's test alone (see `renderOptionsTable`). */
export { renderCommandOptionsTable, renderOptionsTable } from './options-table.js';
export { resolveAgentServiceOptions, resolveServerOptions } from './resolve-options.js';
export type { ServerOptions, StartAgentServiceOptions } from './server-options-schema.js';
export type {
  AgentServiceOptions,
  ResolvedAgentServiceOptions,
} from './service-options-schema.js';

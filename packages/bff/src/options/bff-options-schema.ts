/**
 * The BFF's options schema: every option of `createBff()` in one zod object (the access,
 * identity, rate-limit, limit and console groups spread in from their own files), the
 * defaults that depend on other options, and the option types derived from it.
 */
import { SSE_DIALECTS, type SseDialect } from '@agent-chat/protocol';
import { optionDocs } from '@agent-chat/protocol/options';
import type { Logger } from 'pino';
import { z } from 'zod';
import { accessOptionFields } from './access-options-schema.js';
import { agentPoliciesSchema } from './agent-policy.js';
import { consoleOptionFields } from './console-options-schema.js';
import { loggerFromEnv, policiesFromEnv } from './env-readers.js';
import { identityOptionFields } from './identity-options-schema.js';
import { limitOptionFields } from './limit-options-schema.js';
import { rateLimitSchema } from './rate-limit-options-schema.js';

/**
 * Every option of `createBff()`, declared once: type, default, constraints, environment
 * variable and help text. `BffOptions`, `bffOptionsFromEnv`, `agent-chat-bff --help` and
 * the README's configuration table are all derived from it.
 */
export const bffOptionFields = z.object({
  ...accessOptionFields,
  /** Redis URL for rate limits shared across replicas. Env `REDIS_URL`. Default: in memory. */
  redisUrl: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .register(optionDocs, {
      env: 'REDIS_URL',
      defaultText: 'in memory',
      description: 'Redis shared by replicas for rate limits, e.g. `redis://10.0.0.5:6379`.',
    }),
  /**
   * What queries get while Redis is unreachable: `allow` (served without rate limits until
   * it returns: fail-open) or `refuse` (503 `UNAVAILABLE`: fail-closed). Env
   * `REDIS_UNAVAILABLE`. Default `allow`.
   */
  redisUnavailable: z
    .enum(['allow', 'refuse'], { error: 'must be allow or refuse' })
    .default('allow')
    .register(optionDocs, {
      env: 'REDIS_UNAVAILABLE',
      description:
        'What queries get while Redis is unreachable: `allow` (served without rate limits: fail-open) or `refuse` (503: fail-closed). Either way a warning is logged and `agent_chat_bff_rate_limit_store_errors_total` counts it.',
    }),
  /** Upstream stream dialect. Env `UPSTREAM_DIALECT`. Default `spec`, or `chaindesk` when the upstream host is chaindesk's. */
  upstreamDialect: z
    .enum(SSE_DIALECTS, { error: `must be ${SSE_DIALECTS.join(' or ')}` })
    .optional()
    .register(optionDocs, {
      env: 'UPSTREAM_DIALECT',
      defaultText: '`spec` (`chaindesk` for `*.chaindesk.ai`)',
      description:
        'Stream and API dialect of the upstream: `spec` (our agent service) or `chaindesk`.',
    }),
  /**
   * The public MCP endpoints (`POST /mcp/:agentId`, `GET /.well-known/mcp.json`) for the
   * agents in `allowedAgents`: `on` or `off`. Env `MCP`. Default `on`; an agent's policy
   * may turn its own off (`mcp: false`).
   */
  mcp: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on').register(optionDocs, {
    env: 'MCP',
    description:
      'The public MCP endpoints for AI coding tools (`POST /mcp/{agentId}`, `GET /.well-known/mcp.json`) of the allowed agents: `on` or `off`. An agent policy’s `"mcp": false` turns one agent’s off.',
  }),
  /**
   * The agent service's public Slack and Discord endpoints (`POST /integrations/…`),
   * relayed byte for byte: `on` or `off`. Env `INTEGRATIONS`. Default `on` (an agent
   * without an integration answers 404, an unsigned request 401).
   */
  integrations: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .register(optionDocs, {
      env: 'INTEGRATIONS',
      description:
        'Relays the agent service’s Slack and Discord endpoints (`POST /integrations/slack/{agentId}/events`, `…/interactions`, `POST /integrations/discord/{agentId}/interactions`) byte for byte, so the platforms can reach them through the BFF: `on` or `off`.',
    }),
  /** Per-agent policy, keyed by agent id (`'*'` applies to agents without their own entry). Env `AGENT_POLICIES` (JSON or path to a .json file). */
  agentPolicies: agentPoliciesSchema.default({}).register(optionDocs, {
    env: 'AGENT_POLICIES',
    fromEnv: policiesFromEnv,
    defaultText: '`{}`',
    description:
      'Per-agent operator policy (see "Agent policies"); the variable holds JSON or the path of a `.json` file.',
  }),
  ...identityOptionFields,
  /** Rate limits. */
  rateLimit: rateLimitSchema.prefault({}),
  ...limitOptionFields,
  ...consoleOptionFields,
  /** A pino logger, or `false` for no request logs. Default: pino at `LOG_LEVEL` (info). */
  logger: z
    .custom<Logger | false>(
      (value) =>
        value === false ||
        (typeof value === 'object' &&
          value !== null &&
          typeof (value as Logger).info === 'function'),
      { error: 'must be a pino logger or false' },
    )
    .optional()
    .register(optionDocs, {
      env: 'LOG_LEVEL',
      fromEnv: loggerFromEnv,
      defaultText: 'pino at `info`',
      description:
        'A pino logger, or `false` for none; the variable is its level: `fatal` … `trace`, or `silent`.',
    }),
});

/** The upstream dialect when none is given: Chaindesk's for its hosts, else ours. */
function defaultDialect(upstreamUrl: URL): SseDialect {
  return /(^|\.)chaindesk\.ai$/i.test(upstreamUrl.hostname) ? 'chaindesk' : 'spec';
}

/** {@link bffOptionFields} with the defaults that depend on other options filled in. */
export const bffOptionsSchema = bffOptionFields.transform((options) => ({
  ...options,
  upstreamDialect: options.upstreamDialect ?? defaultDialect(options.upstreamUrl),
}));

/**
 * Options of `createBff()`. Every option has an environment variable of the same name in
 * UPPER_SNAKE case, read only by the CLI (`agent-chat-bff`).
 */
export type BffOptions = z.input<typeof bffOptionsSchema>;

/** Rate limit settings, per window. */
export type RateLimitOptions = z.input<typeof rateLimitSchema>;

/** {@link BffOptions} with every default filled in and every value checked. */
export type ResolvedBffOptions = z.output<typeof bffOptionsSchema>;

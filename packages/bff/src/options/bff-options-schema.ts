import { ID_PATTERN, LIMITS, SSE_DIALECTS, type SseDialect } from '@agent-chat/protocol';
import {
  listFromEnv,
  optionDocs,
  wholeNumber,
  wholeNumberFromEnv,
} from '@agent-chat/protocol/options';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { type AllowedOrigins, normalizeOrigin } from '../http/index.js';
import { agentPoliciesSchema } from './agent-policy.js';
import { loggerFromEnv, policiesFromEnv } from './env-readers.js';
import { identityOptionFields } from './identity-options-schema.js';
import { rateLimitSchema } from './rate-limit-options-schema.js';

const isList = (value: unknown): value is readonly string[] | '*' =>
  value === '*' || (Array.isArray(value) && value.every((entry) => typeof entry === 'string'));

const UPSTREAM_REQUIRED =
  'is required: the base URL of the agent service, e.g. "http://127.0.0.1:3001"';
const TOKEN_REQUIRED =
  'is required: the Bearer token the BFF sends to the agent service (it is never sent to browsers)';

/**
 * Every option of `createBff()`, declared once: type, default, constraints, environment
 * variable and help text. `BffOptions`, `bffOptionsFromEnv`, `agent-chat-bff --help` and
 * the README's configuration table are all derived from it.
 */
export const bffOptionFields = z.object({
  /** Base URL of the agent service, e.g. `http://127.0.0.1:3001`. Env `UPSTREAM_URL`. Fixed: never taken from requests. */
  upstreamUrl: z
    .string({ error: UPSTREAM_REQUIRED })
    .transform((value, context) => {
      const fail = (message: string) => {
        context.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      if (value.trim() === '') return fail(UPSTREAM_REQUIRED);
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return fail(`is not a valid URL (got "${value.slice(0, 200)}")`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return fail(`must use http or https (got "${url.protocol}")`);
      }
      if (url.username || url.password) {
        return fail('must not contain credentials; the token goes in AGENT_API_TOKEN');
      }
      if (url.search || url.hash) return fail('must not have a query string or fragment');
      return url;
    })
    .register(optionDocs, {
      env: 'UPSTREAM_URL',
      description:
        'Base URL of the agent service. Fixed: never taken from a request. No credentials, query or fragment.',
    }),
  /** Bearer token for the upstream. Env `AGENT_API_TOKEN`. Never logged, never sent to browsers. */
  agentApiToken: z
    .string({ error: TOKEN_REQUIRED })
    .refine((value) => value.trim() !== '', { error: TOKEN_REQUIRED })
    .refine((value) => !/[\r\n]/.test(value), { error: 'must not contain line breaks' })
    .register(optionDocs, {
      env: 'AGENT_API_TOKEN',
      secret: true,
      description: 'Bearer token sent to the agent service. Never logged, never sent to browsers.',
    }),
  /** Bearer token required on admin routes (16+ characters). Env `ADMIN_TOKEN`. Without it (and without `adminAuth`) admin routes answer 404. */
  adminToken: z
    .string()
    .min(16, {
      error:
        'must be at least 16 characters (e.g. `openssl rand -hex 24`), or unset to disable admin routes',
    })
    .optional()
    .register(optionDocs, {
      env: 'ADMIN_TOKEN',
      secret: true,
      description:
        'Bearer token of the admin routes, 16+ characters. Unset and no `adminAuth`: admin routes answer 404.',
    }),
  /** Host-supplied auth middleware for admin routes, used instead of `adminToken`. */
  adminAuth: z
    .custom<RequestHandler>((value) => typeof value === 'function', {
      error: 'must be an Express middleware function',
    })
    .optional()
    .register(optionDocs, {
      description:
        'Your own Express middleware guarding the admin routes, used instead of `adminToken`.',
    }),
  /** Agent ids the public may query; `'*'` for any. Env `ALLOWED_AGENTS` (comma list). Default: none. */
  allowedAgents: z
    .custom<readonly string[] | '*'>(isList, { error: 'must be a list of agent ids or "*"' })
    .superRefine((value, context) => {
      const bad =
        value === '*' ? undefined : value.find((id) => id !== '*' && !ID_PATTERN.test(id));
      if (bad !== undefined) {
        context.addIssue({ code: 'custom', message: `"${bad}" is not an agent id`, input: value });
      }
    })
    .transform((value): ReadonlySet<string> | '*' =>
      value === '*' || value.includes('*') ? '*' : new Set(value),
    )
    .optional()
    .transform((value) => value ?? new Set<string>())
    .register(optionDocs, {
      env: 'ALLOWED_AGENTS',
      fromEnv: listFromEnv,
      defaultText: 'none',
      description: 'Agent ids the public may query (comma list), or `*`. Others answer 404.',
    }),
  /**
   * Other origins allowed by CORS and the server-side Origin check (the BFF's own origin
   * always is); `'*'` for any. Env `ALLOWED_ORIGINS`. Default: own origin only.
   */
  allowedOrigins: z
    .custom<readonly string[] | '*'>(isList, { error: 'must be a list of origins or "*"' })
    .transform((value, context): AllowedOrigins => {
      if (value === '*' || value.includes('*')) return '*';
      const origins = new Set<string>();
      for (const entry of value) {
        const origin = normalizeOrigin(entry);
        if (!origin) {
          context.addIssue({
            code: 'custom',
            message: `"${entry.slice(0, 200)}" is not an origin like https://shop.example (comma-separate several)`,
            input: value,
          });
          return z.NEVER;
        }
        origins.add(origin);
      }
      return origins;
    })
    .optional()
    .transform((value): AllowedOrigins => value ?? 'same-origin')
    .register(optionDocs, {
      env: 'ALLOWED_ORIGINS',
      fromEnv: listFromEnv,
      defaultText: 'own origin only',
      description:
        "Other sites allowed by CORS and the server-side Origin check (comma list), or `*`; the BFF's own origin always is. Others get 403.",
    }),
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
  /** Concurrent streams one visitor may hold. Env `MAX_STREAMS_PER_VISITOR`. Default 3. */
  maxStreamsPerVisitor: wholeNumber(3).register(optionDocs, {
    env: 'MAX_STREAMS_PER_VISITOR',
    fromEnv: wholeNumberFromEnv,
    description: 'Concurrent streams one visitor may hold.',
  }),
  /** Longest query in characters. Env `MAX_QUERY_LENGTH`. Default 4 000. */
  maxQueryLength: wholeNumber(4_000).register(optionDocs, {
    env: 'MAX_QUERY_LENGTH',
    fromEnv: wholeNumberFromEnv,
    description: 'Longest query, characters.',
  }),
  /** Largest public request body in bytes. Env `MAX_BODY_BYTES`. Default 16 384. */
  maxBodyBytes: wholeNumber(16_384).register(optionDocs, {
    env: 'MAX_BODY_BYTES',
    fromEnv: wholeNumberFromEnv,
    description: 'Largest public request body, bytes (413 beyond).',
  }),
  /** Longest time a request body may take to arrive, ms. Env `BODY_TIMEOUT_MS`. Default 10 000. */
  bodyTimeoutMs: wholeNumber(10_000).register(optionDocs, {
    env: 'BODY_TIMEOUT_MS',
    fromEnv: wholeNumberFromEnv,
    description:
      'Longest time a request body (public or admin) may take to arrive, ms: 408 and the connection closed after.',
  }),
  /** Largest file uploaded through the admin relay (`POST /api/datasources`, multipart), bytes. Env `UPLOAD_LIMIT_BYTES`. Default 25 MiB. */
  uploadLimitBytes: wholeNumber(LIMITS.uploadBytes.max).register(optionDocs, {
    env: 'UPLOAD_LIMIT_BYTES',
    fromEnv: wholeNumberFromEnv,
    description:
      'Largest file uploaded through the admin relay, bytes (413 beyond; a declared length is refused before anything is relayed, a streamed upload is cut off).',
  }),
  /** Heartbeat comment interval on streams, ms. Env `HEARTBEAT_MS`. Default 15 000. */
  heartbeatMs: wholeNumber(15_000).register(optionDocs, {
    env: 'HEARTBEAT_MS',
    fromEnv: wholeNumberFromEnv,
    description: 'Interval of `: ping` comments on quiet streams, ms.',
  }),
  /** Time allowed for the upstream's response headers / first event, ms. Env `FIRST_BYTE_TIMEOUT_MS`. Default 30 000. */
  firstByteTimeoutMs: wholeNumber(30_000).register(optionDocs, {
    env: 'FIRST_BYTE_TIMEOUT_MS',
    fromEnv: wholeNumberFromEnv,
    description: "Time the upstream has to answer, ms (also the admin relay's timeout).",
  }),
  /** Longest silence allowed inside an upstream stream, ms. Env `IDLE_TIMEOUT_MS`. Default 60 000. */
  idleTimeoutMs: wholeNumber(60_000).register(optionDocs, {
    env: 'IDLE_TIMEOUT_MS',
    fromEnv: wholeNumberFromEnv,
    description: 'Longest silence inside an upstream stream, ms.',
  }),
  /** How long open streams may finish during shutdown, ms. Env `SHUTDOWN_GRACE_MS`. Default 10 000. */
  shutdownGraceMs: wholeNumber(10_000).register(optionDocs, {
    env: 'SHUTDOWN_GRACE_MS',
    fromEnv: wholeNumberFromEnv,
    description: 'Time open streams get to finish on shutdown, ms.',
  }),
  /** Directory holding the built widget (`widget.js` and chunks). Env `WIDGET_DIR`. Default: the widget package's `dist`. */
  widgetDir: z.string().optional().register(optionDocs, {
    env: 'WIDGET_DIR',
    defaultText: "the widget package's `dist`",
    description: 'Directory of the built widget (`widget.js`, `assets/`).',
  }),
  /** Directory of the built console (`index.html`, `assets/`). Env `CONSOLE_DIR`. Default: the console package's `dist`. */
  consoleDir: z.string().optional().register(optionDocs, {
    env: 'CONSOLE_DIR',
    defaultText: "the console package's `dist`",
    description:
      'Directory of the built operator console, served at `/admin/` when `adminToken` is set.',
  }),
  /** Extra secret signing console session cookies (16+ characters). Env `CONSOLE_SESSION_SECRET`. Default: the key is derived from `adminToken` alone. */
  consoleSessionSecret: z
    .string()
    .min(16, { error: 'must be at least 16 characters (e.g. `openssl rand -hex 24`)' })
    .optional()
    .register(optionDocs, {
      env: 'CONSOLE_SESSION_SECRET',
      secret: true,
      defaultText: 'derived from `ADMIN_TOKEN`',
      description:
        'Secret signing the console session cookies, with the admin token; changing either signs everyone out.',
    }),
  /** Lifetime of a console session, ms. Env `CONSOLE_SESSION_TTL_MS`. Default 28 800 000 (8 h). */
  consoleSessionTtlMs: wholeNumber(28_800_000).register(optionDocs, {
    env: 'CONSOLE_SESSION_TTL_MS',
    fromEnv: wholeNumberFromEnv,
    description: 'Lifetime of a console session (its cookie), ms.',
  }),
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

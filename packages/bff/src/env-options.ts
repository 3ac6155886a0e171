import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ID_PATTERN, SSE_DIALECTS, type SseDialect } from '@agent-chat/protocol';
import pino from 'pino';
import { BffError, INVALID_OPTIONS } from './bff-error.js';
import type { AgentPolicy, BffOptions, RateLimitOptions } from './bff-options.js';
import { REDACTED_PATHS } from './request-logging.js';

/** Environment as `process.env` has it. */
export type Env = Readonly<Record<string, string | undefined>>;

/** One documented environment variable of `agent-chat-bff`. */
export interface EnvVariable {
  name: string;
  description: string;
  default: string;
}

/**
 * Every environment variable `agent-chat-bff` reads, in the order `--help` prints them.
 * The `createBff()` option of the same name in camelCase has the same meaning.
 */
export const BFF_ENV_VARIABLES: readonly EnvVariable[] = [
  { name: 'UPSTREAM_URL', description: 'Base URL of the agent service', default: 'required' },
  {
    name: 'AGENT_API_TOKEN',
    description: 'Bearer token for the agent service (never logged or sent to browsers)',
    default: 'required',
  },
  {
    name: 'ADMIN_TOKEN',
    description: 'Bearer token for the admin routes, 16+ characters; unset = admin routes disabled',
    default: 'unset',
  },
  {
    name: 'ALLOWED_AGENTS',
    description: 'Comma list of agent ids the public may query, or *',
    default: 'none',
  },
  {
    name: 'ALLOWED_ORIGINS',
    description: 'Comma list of other origins allowed by CORS and the Origin check, or *',
    default: 'own origin only',
  },
  {
    name: 'REDIS_URL',
    description: 'Redis for rate limits shared by replicas',
    default: 'in memory',
  },
  {
    name: 'UPSTREAM_DIALECT',
    description: 'Upstream stream dialect: spec or chaindesk',
    default: 'chaindesk for *.chaindesk.ai, else spec',
  },
  {
    name: 'AGENT_POLICIES',
    description: 'Per-agent policy: JSON, or the path of a .json file',
    default: '{}',
  },
  { name: 'RATE_LIMIT_WINDOW_MS', description: 'Rate limit window, ms', default: '60000' },
  { name: 'RATE_LIMIT_PER_IP', description: 'Queries per client IP per window', default: '60' },
  {
    name: 'RATE_LIMIT_PER_VISITOR',
    description: 'Queries per visitorId per window',
    default: '20',
  },
  {
    name: 'MAX_STREAMS_PER_VISITOR',
    description: 'Concurrent streams one visitor may hold',
    default: '3',
  },
  { name: 'MAX_QUERY_LENGTH', description: 'Longest query, characters', default: '4000' },
  { name: 'MAX_BODY_BYTES', description: 'Largest public request body, bytes', default: '16384' },
  { name: 'HEARTBEAT_MS', description: 'Heartbeat interval on streams, ms', default: '15000' },
  {
    name: 'FIRST_BYTE_TIMEOUT_MS',
    description: 'Time allowed for the upstream to answer, ms',
    default: '30000',
  },
  { name: 'IDLE_TIMEOUT_MS', description: 'Longest silence inside a stream, ms', default: '60000' },
  {
    name: 'SHUTDOWN_GRACE_MS',
    description: 'Time open streams get to finish on shutdown, ms',
    default: '10000',
  },
  {
    name: 'WIDGET_DIR',
    description: 'Directory of the built widget',
    default: 'widget package dist',
  },
  {
    name: 'LOG_LEVEL',
    description: 'fatal, error, warn, info, debug, trace, or silent',
    default: 'info',
  },
  { name: 'PORT', description: 'Port to listen on', default: '3000' },
  {
    name: 'HOST',
    description: 'Address to listen on (0.0.0.0 for all interfaces)',
    default: '127.0.0.1',
  },
  {
    name: 'TRUST_PROXY',
    description: 'Express "trust proxy": true, a hop count, or addresses/subnets',
    default: 'false',
  },
];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function invalid(message: string): BffError {
  return new BffError(INVALID_OPTIONS, message);
}

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function positiveInteger(env: Env, name: string): number | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  const number = /^\d[\d_]*$/.test(value) ? Number(value.replaceAll('_', '')) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) {
    throw invalid(`${name} must be a positive whole number (got "${value}").`);
  }
  return number;
}

function list(env: Env, name: string): string[] | '*' | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.includes('*') ? '*' : entries;
}

function parsePolicies(
  value: string,
  readFile: (path: string) => string,
  cwd: string,
): Record<string, AgentPolicy> {
  let text = value;
  let source = 'AGENT_POLICIES';
  if (!value.startsWith('{')) {
    const path = resolve(cwd, value);
    source = `AGENT_POLICIES file ${path}`;
    try {
      text = readFile(path);
    } catch (error) {
      throw new BffError(
        INVALID_OPTIONS,
        `AGENT_POLICIES must be JSON or the path of a readable .json file; ${path} could not be read.`,
        { cause: error },
      );
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BffError(INVALID_OPTIONS, `${source} is not valid JSON.`, { cause: error });
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw invalid(`${source} must be a JSON object keyed by agent id (or "*").`);
  }
  for (const [agentId, policy] of Object.entries(json)) {
    if (agentId !== '*' && !ID_PATTERN.test(agentId)) {
      throw invalid(`${source}: "${agentId}" is not an agent id.`);
    }
    if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) {
      throw invalid(
        `${source}: the policy of "${agentId}" must be an object like {"query":{…},"allowBrowserFields":[…]}.`,
      );
    }
  }
  return json as Record<string, AgentPolicy>;
}

/** Extra inputs of {@link bffOptionsFromEnv}; tests replace them. */
export interface EnvReadOptions {
  /** Reads the `AGENT_POLICIES` file. Default: `fs.readFileSync(path, 'utf8')`. */
  readFile?: (path: string) => string;
  /** Directory a relative `AGENT_POLICIES` path is resolved against. Default: `process.cwd()`. */
  cwd?: string;
}

/**
 * Builds {@link BffOptions} from environment variables (see {@link BFF_ENV_VARIABLES}):
 * every option as its UPPER_SNAKE name. Empty values count as unset. Throws a `BffError`
 * (`INVALID_OPTIONS`) naming the variable when one is missing or malformed, e.g. without
 * `AGENT_API_TOKEN`. Only `cli.ts`/`server.ts` pass `process.env` in.
 *
 * @example
 * ```ts
 * const options = bffOptionsFromEnv({ UPSTREAM_URL: 'http://127.0.0.1:3001', AGENT_API_TOKEN: 'sk-…' });
 * ```
 */
export function bffOptionsFromEnv(env: Env, io: EnvReadOptions = {}): BffOptions {
  const upstreamUrl = read(env, 'UPSTREAM_URL');
  if (!upstreamUrl) {
    throw invalid(
      'UPSTREAM_URL is required: the base URL of the agent service, e.g. UPSTREAM_URL=http://127.0.0.1:3001',
    );
  }
  let upstreamHost: string;
  try {
    upstreamHost = new URL(upstreamUrl).hostname;
  } catch {
    throw invalid(`UPSTREAM_URL is not a valid URL (got "${upstreamUrl}").`);
  }
  const agentApiToken = read(env, 'AGENT_API_TOKEN');
  if (!agentApiToken) {
    throw invalid(
      'AGENT_API_TOKEN is required: the Bearer token the BFF sends to the agent service (it is never sent to browsers).',
    );
  }
  const options: BffOptions = { upstreamUrl, agentApiToken };

  const adminToken = read(env, 'ADMIN_TOKEN');
  if (adminToken !== undefined) {
    if (adminToken.length < 16) {
      throw invalid(
        'ADMIN_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 24`), or unset to disable admin routes.',
      );
    }
    options.adminToken = adminToken;
  }

  const allowedAgents = list(env, 'ALLOWED_AGENTS');
  if (allowedAgents !== undefined) {
    if (allowedAgents !== '*') {
      const bad = allowedAgents.find((id) => !ID_PATTERN.test(id));
      if (bad !== undefined) throw invalid(`ALLOWED_AGENTS: "${bad}" is not an agent id.`);
    }
    options.allowedAgents = allowedAgents;
  }
  const allowedOrigins = list(env, 'ALLOWED_ORIGINS');
  if (allowedOrigins !== undefined) {
    if (allowedOrigins !== '*') {
      for (const origin of allowedOrigins) {
        let parsed: URL | undefined;
        try {
          parsed = new URL(origin);
        } catch {
          parsed = undefined;
        }
        if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
          throw invalid(
            `ALLOWED_ORIGINS: "${origin}" is not an origin like https://shop.example (comma-separate several).`,
          );
        }
      }
    }
    options.allowedOrigins = allowedOrigins;
  }

  const redisUrl = read(env, 'REDIS_URL');
  if (redisUrl !== undefined) options.redisUrl = redisUrl;

  const dialect = read(env, 'UPSTREAM_DIALECT');
  if (dialect !== undefined) {
    if (!SSE_DIALECTS.includes(dialect as SseDialect)) {
      throw invalid(`UPSTREAM_DIALECT must be ${SSE_DIALECTS.join(' or ')} (got "${dialect}").`);
    }
    options.upstreamDialect = dialect as SseDialect;
  } else {
    options.upstreamDialect = /(^|\.)chaindesk\.ai$/i.test(upstreamHost) ? 'chaindesk' : 'spec';
  }

  const policies = read(env, 'AGENT_POLICIES');
  if (policies !== undefined) {
    options.agentPolicies = parsePolicies(
      policies,
      io.readFile ?? ((path) => readFileSync(path, 'utf8')),
      io.cwd ?? process.cwd(),
    );
  }

  const rateLimit: RateLimitOptions = {};
  const windowMs = positiveInteger(env, 'RATE_LIMIT_WINDOW_MS');
  if (windowMs !== undefined) rateLimit.windowMs = windowMs;
  const perIp = positiveInteger(env, 'RATE_LIMIT_PER_IP');
  if (perIp !== undefined) rateLimit.perIp = perIp;
  const perVisitor = positiveInteger(env, 'RATE_LIMIT_PER_VISITOR');
  if (perVisitor !== undefined) rateLimit.perVisitor = perVisitor;
  if (Object.keys(rateLimit).length > 0) options.rateLimit = rateLimit;

  const numbers = [
    ['MAX_STREAMS_PER_VISITOR', 'maxStreamsPerVisitor'],
    ['MAX_QUERY_LENGTH', 'maxQueryLength'],
    ['MAX_BODY_BYTES', 'maxBodyBytes'],
    ['HEARTBEAT_MS', 'heartbeatMs'],
    ['FIRST_BYTE_TIMEOUT_MS', 'firstByteTimeoutMs'],
    ['IDLE_TIMEOUT_MS', 'idleTimeoutMs'],
    ['SHUTDOWN_GRACE_MS', 'shutdownGraceMs'],
  ] as const;
  for (const [name, key] of numbers) {
    const value = positiveInteger(env, name);
    if (value !== undefined) options[key] = value;
  }

  const widgetDir = read(env, 'WIDGET_DIR');
  if (widgetDir !== undefined) options.widgetDir = widgetDir;

  const logLevel = read(env, 'LOG_LEVEL')?.toLowerCase();
  if (logLevel !== undefined) {
    if (!LOG_LEVELS.includes(logLevel as (typeof LOG_LEVELS)[number])) {
      throw invalid(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`);
    }
    options.logger =
      logLevel === 'silent'
        ? false
        : pino({ level: logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
  }
  return options;
}

/** Listen settings of `startBff()` read from the environment. */
export interface ServerEnvOptions {
  port: number;
  host: string;
  trustProxy: boolean | number | string;
}

/**
 * Reads `PORT` (default 3000), `HOST` (default 127.0.0.1: set `HOST=0.0.0.0` to listen on
 * every interface, e.g. in a container) and `TRUST_PROXY` (default false; `true`, a hop
 * count, or a comma list of addresses/subnets as Express accepts).
 */
export function serverOptionsFromEnv(env: Env): ServerEnvOptions {
  const portText = read(env, 'PORT');
  let port = 3000;
  if (portText !== undefined) {
    port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      throw invalid(`PORT must be a port number from 0 to 65535 (got "${portText}").`);
    }
  }
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const trustText = read(env, 'TRUST_PROXY');
  let trustProxy: boolean | number | string = false;
  if (trustText !== undefined) {
    if (/^(true|false)$/i.test(trustText)) trustProxy = trustText.toLowerCase() === 'true';
    else if (/^\d+$/.test(trustText)) trustProxy = Number(trustText);
    else trustProxy = trustText;
  }
  return { port, host, trustProxy };
}

import {
  POLICY_QUERY_FIELDS,
  type PolicyQueryField,
  SSE_DIALECTS,
  type SseDialect,
} from '@agent-chat/protocol';
import { parseBody, queryRequestSchema } from '@agent-chat/protocol/schemas';
import { BffError, INVALID_OPTIONS } from './bff-error.js';
import type { AgentPolicy, BffOptions } from './bff-options.js';

/** {@link BffOptions} with every default filled in and every value checked. */
export interface ResolvedBffOptions {
  upstreamUrl: URL;
  agentApiToken: string;
  allowedAgents: ReadonlySet<string> | '*';
  /** Normalized origins (`scheme://host[:port]`), `'*'`, or `'same-origin'`. */
  allowedOrigins: ReadonlySet<string> | '*' | 'same-origin';
  redisUrl: string | undefined;
  upstreamDialect: SseDialect;
  agentPolicies: Readonly<Record<string, AgentPolicy>>;
  rateLimit: { windowMs: number; perIp: number; perVisitor: number };
  maxStreamsPerVisitor: number;
  maxQueryLength: number;
  maxBodyBytes: number;
  heartbeatMs: number;
  firstByteTimeoutMs: number;
  idleTimeoutMs: number;
  shutdownGraceMs: number;
}

/** Defaults of the numeric options, as documented on {@link BffOptions}. */
export const BFF_DEFAULTS = {
  rateLimitWindowMs: 60_000,
  rateLimitPerIp: 60,
  rateLimitPerVisitor: 20,
  maxStreamsPerVisitor: 3,
  maxQueryLength: 4_000,
  maxBodyBytes: 16_384,
  heartbeatMs: 15_000,
  firstByteTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  shutdownGraceMs: 10_000,
} as const;

function invalid(message: string): BffError {
  return new BffError(INVALID_OPTIONS, message);
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw invalid(`createBff: ${name} must be a positive whole number (got ${String(value)}).`);
  }
  return value;
}

function parseUpstreamUrl(value: unknown): URL {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalid(
      'createBff: upstreamUrl is required (env UPSTREAM_URL), e.g. "http://127.0.0.1:3001".',
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`createBff: upstreamUrl "${value}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`createBff: upstreamUrl must use http or https (got "${url.protocol}").`);
  }
  if (url.username || url.password) {
    throw invalid('createBff: upstreamUrl must not contain credentials; use agentApiToken.');
  }
  if (url.search || url.hash) {
    throw invalid('createBff: upstreamUrl must not have a query string or fragment.');
  }
  return url;
}

/** `scheme://host[:port]` in lower case, or undefined when `value` is not an http(s) origin. */
export function normalizeOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin.toLowerCase();
  } catch {
    return undefined;
  }
}

function resolveOrigins(value: BffOptions['allowedOrigins']): ResolvedBffOptions['allowedOrigins'] {
  if (value === undefined) return 'same-origin';
  if (value === '*') return '*';
  const origins = new Set<string>();
  for (const entry of value) {
    if (entry === '*') return '*';
    const origin = normalizeOrigin(entry);
    if (!origin) {
      throw invalid(
        `createBff: allowedOrigins entry "${entry}" is not an origin like "https://shop.example".`,
      );
    }
    origins.add(origin);
  }
  return origins;
}

function resolvePolicies(
  value: BffOptions['agentPolicies'],
): Readonly<Record<string, AgentPolicy>> {
  const policies = value ?? {};
  for (const [agentId, policy] of Object.entries(policies)) {
    for (const field of policy.allowBrowserFields ?? []) {
      if (!POLICY_QUERY_FIELDS.includes(field as PolicyQueryField)) {
        throw invalid(
          `createBff: agentPolicies["${agentId}"].allowBrowserFields has "${String(field)}", ` +
            `which is not a policy field (${POLICY_QUERY_FIELDS.join(', ')}).`,
        );
      }
    }
    for (const field of Object.keys(policy.query ?? {})) {
      if (!POLICY_QUERY_FIELDS.includes(field as PolicyQueryField)) {
        throw invalid(
          `createBff: agentPolicies["${agentId}"].query has "${field}", which is not a policy field ` +
            `(${POLICY_QUERY_FIELDS.join(', ')}).`,
        );
      }
    }
    const checked = parseBody(queryRequestSchema, { query: 'x', ...policy.query });
    if (!checked.success) {
      throw invalid(`createBff: agentPolicies["${agentId}"].query is invalid: ${checked.message}.`);
    }
    if (policy.maxQueryLength !== undefined) {
      positiveInteger(`agentPolicies["${agentId}"].maxQueryLength`, policy.maxQueryLength, 1);
    }
  }
  return policies;
}

/**
 * Checks {@link BffOptions} and fills in defaults. Throws a {@link BffError} with code
 * `INVALID_OPTIONS` and a message naming the option when something is missing or wrong,
 * so a misconfigured server fails at startup rather than on the first request.
 */
export function resolveBffOptions(options: BffOptions): ResolvedBffOptions {
  const upstreamUrl = parseUpstreamUrl(options.upstreamUrl);
  if (typeof options.agentApiToken !== 'string' || options.agentApiToken.trim() === '') {
    throw invalid(
      'createBff: agentApiToken is required (env AGENT_API_TOKEN): the Bearer token of the agent service.',
    );
  }
  if (/[\r\n]/.test(options.agentApiToken)) {
    throw invalid('createBff: agentApiToken must not contain line breaks.');
  }
  const dialect =
    options.upstreamDialect ??
    (/(^|\.)chaindesk\.ai$/i.test(upstreamUrl.hostname) ? 'chaindesk' : 'spec');
  if (!SSE_DIALECTS.includes(dialect)) {
    throw invalid(
      `createBff: upstreamDialect must be one of ${SSE_DIALECTS.join(', ')} (got "${String(dialect)}").`,
    );
  }
  const allowedAgents = options.allowedAgents;
  if (allowedAgents !== undefined && allowedAgents !== '*' && !Array.isArray(allowedAgents)) {
    throw invalid('createBff: allowedAgents must be a list of agent ids or "*".');
  }
  const rateLimit = options.rateLimit ?? {};
  return {
    upstreamUrl,
    agentApiToken: options.agentApiToken,
    allowedAgents:
      allowedAgents === '*' || allowedAgents?.includes('*') ? '*' : new Set(allowedAgents ?? []),
    allowedOrigins: resolveOrigins(options.allowedOrigins),
    redisUrl: options.redisUrl || undefined,
    upstreamDialect: dialect,
    agentPolicies: resolvePolicies(options.agentPolicies),
    rateLimit: {
      windowMs: positiveInteger(
        'rateLimit.windowMs',
        rateLimit.windowMs,
        BFF_DEFAULTS.rateLimitWindowMs,
      ),
      perIp: positiveInteger('rateLimit.perIp', rateLimit.perIp, BFF_DEFAULTS.rateLimitPerIp),
      perVisitor: positiveInteger(
        'rateLimit.perVisitor',
        rateLimit.perVisitor,
        BFF_DEFAULTS.rateLimitPerVisitor,
      ),
    },
    maxStreamsPerVisitor: positiveInteger(
      'maxStreamsPerVisitor',
      options.maxStreamsPerVisitor,
      BFF_DEFAULTS.maxStreamsPerVisitor,
    ),
    maxQueryLength: positiveInteger(
      'maxQueryLength',
      options.maxQueryLength,
      BFF_DEFAULTS.maxQueryLength,
    ),
    maxBodyBytes: positiveInteger('maxBodyBytes', options.maxBodyBytes, BFF_DEFAULTS.maxBodyBytes),
    heartbeatMs: positiveInteger('heartbeatMs', options.heartbeatMs, BFF_DEFAULTS.heartbeatMs),
    firstByteTimeoutMs: positiveInteger(
      'firstByteTimeoutMs',
      options.firstByteTimeoutMs,
      BFF_DEFAULTS.firstByteTimeoutMs,
    ),
    idleTimeoutMs: positiveInteger(
      'idleTimeoutMs',
      options.idleTimeoutMs,
      BFF_DEFAULTS.idleTimeoutMs,
    ),
    shutdownGraceMs: positiveInteger(
      'shutdownGraceMs',
      options.shutdownGraceMs,
      BFF_DEFAULTS.shutdownGraceMs,
    ),
  };
}

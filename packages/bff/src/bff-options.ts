import type { PolicyQueryField, QueryRequest, SseDialect } from '@agent-chat/protocol';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * Operator policy for one agent: what the site fixes for every query, and which policy
 * fields (if any) a browser may set itself.
 */
export interface AgentPolicy {
  /** Query fields merged into every upstream request for this agent (browser cannot override). */
  query?: Partial<Pick<QueryRequest, PolicyQueryField>>;
  /** Policy fields a browser may send for this agent (validated by the protocol schema). */
  allowBrowserFields?: PolicyQueryField[];
  /** Longest query accepted for this agent, in characters. Default: `maxQueryLength`. */
  maxQueryLength?: number;
}

/** Rate limit settings, per window. */
export interface RateLimitOptions {
  /** Window length in ms. Env `RATE_LIMIT_WINDOW_MS`. Default 60 000. */
  windowMs?: number;
  /** Queries per client IP per window. Env `RATE_LIMIT_PER_IP`. Default 60. */
  perIp?: number;
  /** Queries per visitorId per window. Env `RATE_LIMIT_PER_VISITOR`. Default 20. */
  perVisitor?: number;
}

/**
 * Options of `createBff()`. Every option has an environment variable of the same name in
 * UPPER_SNAKE case, read only by the CLI (`agent-chat-bff`).
 */
export interface BffOptions {
  /** Base URL of the agent service, e.g. `http://127.0.0.1:3001`. Env `UPSTREAM_URL`. Fixed: never taken from requests. */
  upstreamUrl: string;
  /** Bearer token for the upstream. Env `AGENT_API_TOKEN`. Never logged, never sent to browsers. */
  agentApiToken: string;
  /** Bearer token required on admin routes. Env `ADMIN_TOKEN`. Without it (and without `adminAuth`) admin routes answer 404. */
  adminToken?: string;
  /** Host-supplied auth middleware for admin routes, used instead of `adminToken`. */
  adminAuth?: RequestHandler;
  /** Agent ids the public may query; `'*'` for any. Env `ALLOWED_AGENTS` (comma list). Default: none. */
  allowedAgents?: readonly string[] | '*';
  /**
   * Other origins allowed by CORS and the server-side Origin check (the BFF's own origin
   * always is); `'*'` for any. Env `ALLOWED_ORIGINS`. Default: own origin only.
   */
  allowedOrigins?: readonly string[] | '*';
  /** Redis URL for rate limits shared across replicas. Env `REDIS_URL`. Default: in memory. */
  redisUrl?: string;
  /** Upstream stream dialect. Env `UPSTREAM_DIALECT`. Default `spec`, or `chaindesk` when the upstream host is chaindesk's. */
  upstreamDialect?: SseDialect;
  /** Per-agent policy, keyed by agent id (`'*'` applies to agents without their own entry). Env `AGENT_POLICIES` (JSON or path to a .json file). */
  agentPolicies?: Readonly<Record<string, AgentPolicy>>;
  /** Rate limits. */
  rateLimit?: RateLimitOptions;
  /** Concurrent streams one visitor may hold. Env `MAX_STREAMS_PER_VISITOR`. Default 3. */
  maxStreamsPerVisitor?: number;
  /** Longest query in characters. Env `MAX_QUERY_LENGTH`. Default 4 000. */
  maxQueryLength?: number;
  /** Largest public request body in bytes. Env `MAX_BODY_BYTES`. Default 16 384. */
  maxBodyBytes?: number;
  /** Heartbeat comment interval on streams, ms. Env `HEARTBEAT_MS`. Default 15 000. */
  heartbeatMs?: number;
  /** Time allowed for the upstream's response headers / first event, ms. Env `FIRST_BYTE_TIMEOUT_MS`. Default 30 000. */
  firstByteTimeoutMs?: number;
  /** Longest silence allowed inside an upstream stream, ms. Env `IDLE_TIMEOUT_MS`. Default 60 000. */
  idleTimeoutMs?: number;
  /** How long open streams may finish during shutdown, ms. Env `SHUTDOWN_GRACE_MS`. Default 10 000. */
  shutdownGraceMs?: number;
  /** Directory holding the built widget (`widget.js` and chunks). Env `WIDGET_DIR`. Default: the widget package's `dist`. */
  widgetDir?: string;
  /** A pino logger, or `false` for no request logs. Default: pino at `LOG_LEVEL` (info). */
  logger?: Logger | false;
}

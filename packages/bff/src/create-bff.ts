import { randomBytes } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { createAdminRoutes } from './admin/index.js';
import { createConsole } from './console/index.js';
import { createWidgetConversationRoutes } from './conversations/index.js';
import {
  createCors,
  createDefaultLogger,
  createOriginCheck,
  createRequestContext,
  createResponseLogger,
  createSecurityHeaders,
  createUnexpectedErrorHandler,
  securityHeadersMiddleware,
} from './http/index.js';
import { createUserIdentity, createVisitorIdentity } from './identity/index.js';
import { createIntegrationRelay } from './integrations/index.js';
import { createRateLimits, setRateLimitClientIp } from './limits/index.js';
import { createMcpRelay } from './mcp/index.js';
import { createBffMetrics, createOpsRoutes } from './ops/index.js';
import { type BffOptions, resolveBffOptions } from './options/index.js';
import {
  createQueryPolicy,
  createQueryRoute,
  createStreamSlots,
  createStreamTracker,
  isQueryRequest,
} from './query/index.js';
import { createSearchRoutes } from './search/index.js';
import { createUpstreamClient } from './upstream/index.js';
import { createWidgetAssets } from './widget-assets/index.js';

/** Polls for new messages one visitor may make per minute (an open widget polls every 1.5 s or slower). */
const POLLS_PER_MINUTE = 120;

/** Runs `handler` for GET and HEAD requests only (it serves nothing else); others skip it. */
function onlyForReads(handler: RequestHandler): RequestHandler {
  return function readsOnly(req, res, next) {
    if (req.method === 'GET' || req.method === 'HEAD') {
      handler(req, res, next);
    } else {
      next();
    }
  };
}

/** The Express router returned by {@link createBff}, with lifecycle controls. */
export type BffRouter = Router & {
  /**
   * Stops accepting new queries (503 `SHUTTING_DOWN`), lets open streams finish within
   * `graceMs` (default `shutdownGraceMs`), then ends the rest with an
   * `[ERROR]SHUTTING_DOWN` frame; closes Redis and the upstream keep-alive sockets.
   * Call it before `server.close()`, so the server is not kept open by streams.
   */
  shutdown(graceMs?: number): Promise<void>;
  /** Number of open relayed streams. */
  activeStreams(): number;
  /**
   * The public query route as a plain Node `http` request listener, in front of your
   * Express app: it serves `POST /api/agents/:id/query` (with the same request id, logs,
   * metrics, headers, checks and limits as the router) without going through Express, and
   * hands every other request to `fallback` (your app, with this router mounted at `/`).
   *
   * Express swaps the prototypes of `req` and `res` on every request, which makes a relayed
   * request cost about 1.6 times what it costs in plain Node; this is how the standalone
   * `agent-chat-bff` server runs. Only for a BFF mounted at the root of the server.
   *
   * @example
   * const app = express();
   * app.set('trust proxy', 'loopback');
   * app.use(bff);
   * const trust = app.get('trust proxy fn');
   * http.createServer(bff.requestListener(app, { clientIp: (req) => proxyaddr(req, trust) }));
   */
  requestListener(fallback: RequestListener, options: RequestListenerOptions): RequestListener;
};

/** Options of {@link BffRouter.requestListener}. */
export interface RequestListenerOptions {
  /**
   * The client address of a request, for the per-IP rate limit (Express computes `req.ip`
   * from its `trust proxy` setting; outside Express you say how): e.g.
   * `(req) => proxyaddr(req, app.get('trust proxy fn'))`.
   */
  clientIp(req: IncomingMessage): string | undefined;
}

/**
 * Creates the agent-chat backend-for-frontend: an Express 5 router that relays the
 * public query route to the agent service (adding the token the browser never sees),
 * serves the widget, relays each allowed agent's MCP endpoint (`POST /mcp/:agentId`, unless
 * `mcp` is `off`), relays the admin routes behind `adminToken`, and exposes
 * `/healthz`, `/readyz` and `/metrics`. Paths are relative to where it is mounted.
 *
 * Rate limits key on `req.ip`: behind a proxy or load balancer, set Express's
 * `app.set('trust proxy', …)` on the host app, or every visitor shares the proxy's IP.
 *
 * Throws a `BffError` (code `INVALID_OPTIONS`) when `upstreamUrl` or `agentApiToken` is
 * missing or invalid, or another option is out of range.
 *
 * @example
 * const app = express();
 * const bff = createBff({
 *   upstreamUrl: 'http://127.0.0.1:3001',
 *   agentApiToken: process.env.AGENT_API_TOKEN!,
 *   allowedAgents: ['demo'],
 *   allowedOrigins: ['https://shop.example'],
 *   agentPolicies: { demo: { query: { temperature: 0.2 } } },
 * });
 * app.use('/chat', bff);
 * const server = app.listen(3000);
 * process.on('SIGTERM', async () => { await bff.shutdown(); server.close(); });
 */
export function createBff(options: BffOptions): BffRouter {
  const resolved = resolveBffOptions(options);
  const logger = resolved.logger === false ? undefined : (resolved.logger ?? createDefaultLogger());
  const tracker = createStreamTracker();
  const rateLimitStoreUp = () => (resolved.redisUrl ? rateLimits.ready() : undefined);
  const metrics = createBffMetrics({
    activeStreams: () => tracker.activeStreams(),
    rateLimitStoreUp,
  });
  const rateLimits = createRateLimits({
    ...resolved.rateLimit,
    redisUrl: resolved.redisUrl,
    whenStoreUnavailable: resolved.redisUnavailable,
    logger,
    onLimited: (limit) => metrics.countRateLimited(limit),
    onStoreError: () => metrics.countRateLimitStoreError(),
  });
  // An open widget polls for operator replies every few seconds: its own count, in this
  // process (a per-visitor key in the shared Redis would mix with the query counts).
  const pollLimits = createRateLimits({
    windowMs: 60_000,
    perIp: Number.MAX_SAFE_INTEGER,
    perVisitor: POLLS_PER_MINUTE,
    logger,
    onLimited: () => metrics.countRateLimited('visitor'),
  });
  const upstream = createUpstreamClient({
    baseUrl: resolved.upstreamUrl,
    token: resolved.agentApiToken,
  });
  let shuttingDown = false;
  let shutdownPromise: Promise<void> | undefined;

  const checkOrigin = createOriginCheck(resolved.allowedOrigins);
  const securityHeaders = createSecurityHeaders();
  const failUnexpectedly = createUnexpectedErrorHandler(logger);
  const startRequest = createRequestContext({
    metrics,
    logResponse: logger ? createResponseLogger(logger) : undefined,
  });
  if (resolved.visitorSecret === undefined) {
    logger?.warn(
      'VISITOR_SECRET is not set: visitor ids are signed with a random key of this process, so visitors lose their conversations when it restarts and replicas do not accept each other’s ids. Set VISITOR_SECRET (32+ bytes, e.g. `openssl rand -base64 48`).',
    );
  }
  const identity = createVisitorIdentity({
    secret: resolved.visitorSecret ?? randomBytes(32),
    maxAgeMs: resolved.visitorMaxAgeDays * 86_400_000,
  });
  const queryRoute = createQueryRoute({
    options: resolved,
    upstream,
    policy: createQueryPolicy(resolved),
    identity,
    rateLimits,
    slots: createStreamSlots(resolved.maxStreamsPerVisitor),
    tracker,
    metrics,
    checkOrigin,
    securityHeaders,
    isShuttingDown: () => shuttingDown,
    onError: failUnexpectedly,
    logger,
  });

  const router = express.Router();
  router.use(function requestContext(req, res, next) {
    startRequest(req, res);
    next();
  });
  // The public query route first: it is what nearly every request is.
  router.use(function publicQuery(req, res, next) {
    if (isQueryRequest(req)) queryRoute(req, res);
    else next();
  });
  router.use(securityHeadersMiddleware(securityHeaders));
  router.use(
    onlyForReads(
      createOpsRoutes({
        upstream,
        registry: metrics.registry,
        isShuttingDown: () => shuttingDown,
        rateLimitStoreReady: rateLimitStoreUp,
        rateLimitStoreRequired: resolved.redisUnavailable === 'refuse',
        probeTimeoutMs: Math.min(resolved.firstByteTimeoutMs, 5_000),
      }),
    ),
  );
  // The operator console (when ADMIN_TOKEN is set): its page, files and sign-in.
  const operatorConsole = createConsole(resolved, rateLimits);
  router.use(operatorConsole.routes);
  // Public static files, loaded by other sites: before the Origin check.
  router.use(onlyForReads(createWidgetAssets(resolved)));
  if (resolved.mcp === 'on') {
    router.use(
      createMcpRelay({
        options: resolved,
        upstream,
        rateLimits,
        checkOrigin,
        onError: failUnexpectedly,
        logger,
      }),
    );
  }
  // Server-to-server calls from Slack and Discord, signed: no Origin, no CORS.
  if (resolved.integrations === 'on') {
    router.use(createIntegrationRelay({ options: resolved, upstream, logger }));
  }
  // Only the BFF's own API paths are guarded: a host's other routes keep their own rules.
  router.use('/api', createCors(checkOrigin));
  router.use(
    createWidgetConversationRoutes({
      options: resolved,
      upstream,
      identity,
      users:
        resolved.identitySecret === undefined
          ? undefined
          : createUserIdentity(resolved.identitySecret),
      limits: rateLimits,
      pollLimit: pollLimits.perVisitor,
      logger,
    }),
  );
  router.use(
    createSearchRoutes({
      options: resolved,
      upstream,
      identity,
      limits: rateLimits.routeLimits({
        name: 'search',
        perIp: resolved.rateLimit.searchPerIp,
        perVisitor: resolved.rateLimit.searchPerVisitor,
        noun: 'searches',
      }),
      logger,
    }),
  );
  router.use(
    createAdminRoutes({ options: resolved, upstream, logger, session: operatorConsole.session }),
  );
  // Not a BFF route: the request goes back to the host app, without the BFF's headers.
  router.use(function notForTheBff(_req, res, next) {
    securityHeaders.clear(res);
    res.removeHeader('X-Request-Id');
    next();
  });
  const lastResort: ErrorRequestHandler = function bffErrors(error, _req, res, _next) {
    failUnexpectedly(error, res);
  };
  router.use(lastResort);

  async function shutdown(graceMs = resolved.shutdownGraceMs): Promise<void> {
    shuttingDown = true;
    const finished = await tracker.whenIdle(graceMs);
    if (!finished) {
      tracker.terminateAll();
      await tracker.whenIdle(1_000);
    }
    await rateLimits.close();
    upstream.close();
  }

  return Object.assign(router, {
    shutdown(graceMs?: number) {
      shutdownPromise ??= shutdown(graceMs);
      return shutdownPromise;
    },
    activeStreams: () => tracker.activeStreams(),
    requestListener(fallback: RequestListener, listenerOptions: RequestListenerOptions) {
      const { clientIp } = listenerOptions;
      return function bffRequestListener(req: IncomingMessage, res: ServerResponse) {
        if (!isQueryRequest(req)) {
          fallback(req, res);
          return;
        }
        startRequest(req, res);
        setRateLimitClientIp(res, clientIp(req));
        queryRoute(req, res);
      };
    },
  });
}

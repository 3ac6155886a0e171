import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { sendError } from '../http/index.js';
import { ipCountKey } from './ip-count-key.js';
import { type Counter, createRedisCounter, redisPrefix } from './redis-counter.js';
import { clientIpOf, visitorIdOf } from './request-keys.js';

/**
 * A limiter as the query route calls it, with plain Node objects, inside Express or not:
 * `next()` lets the request go on, `next(error)` reports a failure; a rejected request has
 * been answered (429) and `next` is not called.
 */
export type Limiter = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** Options of {@link createRateLimits}. */
export interface RateLimitsOptions {
  windowMs: number;
  perIp: number;
  perVisitor: number;
  /** Shared store; without it, counts live in this process. */
  redisUrl?: string | undefined;
  logger?: Logger | undefined;
  /** Called for every rejected request, with the limit's name (`ip` or `visitor`). */
  onLimited?: (limit: 'ip' | 'visitor') => void;
  /** Longest wait for Redis before the store counts as unavailable. Default 1 000 ms. */
  storeTimeoutMs?: number;
  /**
   * What queries get while Redis is unavailable: `allow` (served without limits until it
   * returns: fail-open, the default) or `refuse` (503 `UNAVAILABLE`: fail-closed).
   */
  whenStoreUnavailable?: 'allow' | 'refuse';
  /** Called for every request that met an unavailable store (for a metric). */
  onStoreError?: () => void;
}

/** What {@link RateLimits.attemptLimit} counts. */
export interface AttemptLimitOptions {
  /** Names the counts (their key prefix: in Redis, one count for every replica). */
  name: string;
  /** Failed attempts allowed per client IP per window. */
  limit: number;
  /** The window, ms. */
  windowMs: number;
  /** Answers a request over the limit (a 429), once its `RateLimit` headers are set. */
  refuse(res: ServerResponse): void;
}

/** What {@link RateLimits.routeLimits} counts. */
export interface RouteLimitsOptions {
  /** Names the counts (their key prefix: in Redis, one count for every replica). */
  name: string;
  /** Requests per client IP per window. */
  perIp: number;
  /** Requests per visitor per window (see {@link setRateLimitVisitor}). */
  perVisitor: number;
  /** What the requests are in the 429's message: "Too many searches from this visitor". */
  noun: string;
}

/** The two limiters of the public query route, and what they hold open. */
export interface RateLimits {
  /**
   * Limits queries per client IP: `req.ip` in Express (hosts behind proxies must set
   * `trust proxy`), or the address given by {@link setRateLimitClientIp}.
   */
  perIp: Limiter;
  /** Limits queries per visitor (see {@link setRateLimitVisitor}); requests without one pass. */
  perVisitor: Limiter;
  /**
   * Creates a limiter of failed attempts per client IP on the same store (shared by
   * replicas through Redis), such as the console's sign-in: every request counts, and one
   * answered below 400 is given back, so only failures use the limit up. Its answers carry
   * `RateLimit` and `RateLimit-Policy`; one over the limit is answered by `refuse`.
   */
  attemptLimit(options: AttemptLimitOptions): Limiter;
  /**
   * Creates per-IP and per-visitor limiters of another public route on the same store,
   * counted apart from the queries' (their keys prefixed by `name`), such as the search
   * route's: a search costs less than a question and a visitor types many.
   */
  routeLimits(options: RouteLimitsOptions): { perIp: Limiter; perVisitor: Limiter };
  /** True when no Redis is configured, or Redis is connected and its scripts are loaded. */
  ready(): boolean;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

/** Longest window a timer can count (Node's timers stop at 2^31 − 1 ms). */
const MAX_WINDOW_MS = 2 ** 31 - 1;

/** Whole seconds (at least 1) until a count's window ends. */
function secondsUntil(count: RateLimiterRes): number {
  return Math.max(1, Math.ceil(count.msBeforeNext / 1000));
}

/** Sets `RateLimit-Policy` and `RateLimit` (IETF draft 7) on a response not yet sent. */
function describeLimit(res: ServerResponse, limit: number, policy: string, count: RateLimiterRes) {
  if (res.headersSent) return;
  res.setHeader('RateLimit-Policy', policy);
  res.setHeader(
    'RateLimit',
    `limit=${limit}, remaining=${count.remainingPoints}, reset=${secondsUntil(count)}`,
  );
}

/** Interval between two warnings about an unavailable store, ms. */
const STORE_WARNING_INTERVAL_MS = 60_000;
/** `Retry-After` of a query refused because the store is unavailable, s. */
const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * Creates the per-IP and per-visitor limiters (rate-limiter-flexible: a fixed window per
 * key), counting in memory or, with `redisUrl`, in Redis so replicas share one limit.
 * Rejected requests get 429 JSON `RATE_LIMITED` with `Retry-After`; the visitor limit's
 * answers carry `RateLimit` and `RateLimit-Policy` (IETF draft 7). When Redis is
 * unreachable (down, not ready, or slower than `storeTimeoutMs`), `whenStoreUnavailable`
 * decides: `allow` (default, fail-open) lets requests pass, so the chat stays up and the
 * limit is best effort until Redis returns; `refuse` (fail-closed) answers 503
 * `UNAVAILABLE` with `Retry-After`. Either way `onStoreError` counts it and a warning is
 * logged once a minute.
 *
 * Why not express-rate-limit (the BFF used it before): on the path of every visitor's
 * question it cost 25–30 µs of CPU a request (an async middleware, its debug calls and its
 * per-request objects), a tenth of a streamed answer's; a counter in a Map costs about
 * 1 µs. The console's sign-in counts on the same store ({@link RateLimits.attemptLimit}).
 */
export function createRateLimits(options: RateLimitsOptions): RateLimits {
  const logger = options.logger;
  const storeTimeoutMs = options.storeTimeoutMs ?? 1_000;
  if (!(options.windowMs >= 1 && options.windowMs <= MAX_WINDOW_MS)) {
    throw new RangeError(
      `The rate limit window must be between 1 ms and ${MAX_WINDOW_MS} ms (got ${options.windowMs}).`,
    );
  }
  // Redis counts whole seconds; `RateLimit-Policy` says the window in seconds too.
  const windowSeconds = Math.max(1, Math.ceil(options.windowMs / 1000));
  const client = options.redisUrl
    ? createClient({ url: options.redisUrl, disableOfflineQueue: true })
    : undefined;
  if (client) {
    client.on('error', (error: Error) => {
      logger?.error({ err: { message: error.message } }, 'rate limit Redis connection error');
    });
    client.connect().catch((error: Error) => {
      logger?.error({ err: { message: error.message } }, 'could not connect to Redis');
    });
  }

  const counterFor = (name: string, limit: number, windowMs = options.windowMs): Counter =>
    client
      ? createRedisCounter(client, {
          keyPrefix: `${redisPrefix}${name}`,
          points: limit,
          duration: Math.max(1, Math.ceil(windowMs / 1000)),
          timeoutMs: storeTimeoutMs,
        })
      : new RateLimiterMemory({
          keyPrefix: name,
          points: limit,
          duration: windowMs / 1000,
        });

  let warnedAboutProxy = false;
  /** The per-IP key (IPv6 by /56), warning once about an untrusted proxy. */
  const ipKey = (req: IncomingMessage, res: ServerResponse): string => {
    const ip = clientIpOf(req, res);
    if (
      !warnedAboutProxy &&
      req.headers['x-forwarded-for'] !== undefined &&
      ip === req.socket.remoteAddress
    ) {
      warnedAboutProxy = true;
      logger?.warn(
        { proxy: ip },
        'requests carry X-Forwarded-For but the proxy is not trusted: every visitor behind it shares one per-IP rate limit. Set TRUST_PROXY (or app.set("trust proxy", …)) when the BFF runs behind a proxy.',
      );
    }
    return ipCountKey(ip);
  };

  const limiter = (
    name: 'ip' | 'visitor',
    limit: number,
    what: string,
    route?: { name: string; noun: string },
  ): Limiter => {
    const counter = counterFor(route ? `${route.name}-${name}` : name, limit);
    const noun = route?.noun ?? 'questions';
    // One set of `RateLimit` headers per response: the visitor's (the limit a visitor
    // meets first); the per-IP limit shows itself only in its 429 and `Retry-After`.
    const policy = name === 'visitor' ? `${limit};w=${windowSeconds}` : undefined;
    const describe = (res: ServerResponse, count: RateLimiterRes): void => {
      if (policy !== undefined) describeLimit(res, limit, policy, count);
    };
    const refuseOverLimit = (res: ServerResponse, count: RateLimiterRes): void => {
      options.onLimited?.(name);
      describe(res, count);
      const seconds = secondsUntil(count);
      res.setHeader('Retry-After', String(seconds));
      sendError(
        res,
        429,
        ERROR_CODES.rateLimited,
        `Too many ${noun} ${what}; please wait ${seconds} s and try again.`,
      );
    };
    return function rateLimit(req, res, next) {
      const key = name === 'visitor' ? visitorIdOf(res) : ipKey(req, res);
      if (key === undefined) {
        next();
        return;
      }
      counter
        .consume(key)
        .then(
          (count) => {
            describe(res, count);
            next();
          },
          (rejection: unknown) => {
            if (rejection instanceof RateLimiterRes) refuseOverLimit(res, rejection);
            else storeUnavailable(res, next, rejection);
          },
        )
        .catch(next);
    };
  };

  const refuse = options.whenStoreUnavailable === 'refuse';
  let lastWarning = Number.NEGATIVE_INFINITY;
  /** A request met an unavailable store: counted, warned about (once a minute), then let through or refused. */
  const storeUnavailable = (
    res: ServerResponse,
    next: (error?: unknown) => void,
    error: unknown,
  ): void => {
    options.onStoreError?.();
    const now = performance.now();
    if (now - lastWarning >= STORE_WARNING_INTERVAL_MS) {
      lastWarning = now;
      logger?.warn(
        {
          err: { message: error instanceof Error ? error.message : String(error) },
          whenStoreUnavailable: refuse ? 'refuse' : 'allow',
        },
        refuse
          ? 'the rate limit store is unreachable (Redis): queries are refused with 503 until it returns (REDIS_UNAVAILABLE=refuse)'
          : 'the rate limit store is unreachable (Redis): queries are served without rate limits until it returns (set REDIS_UNAVAILABLE=refuse to refuse them instead)',
      );
    }
    if (!refuse) {
      next();
      return;
    }
    res.setHeader('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
    sendError(
      res,
      503,
      ERROR_CODES.unavailable,
      `The chat server cannot check its rate limits right now; please try again in ${STORE_RETRY_AFTER_SECONDS} s.`,
    );
  };

  const attemptLimit = (attempts: AttemptLimitOptions): Limiter => {
    const counter = counterFor(attempts.name, attempts.limit, attempts.windowMs);
    const policy = `${attempts.limit};w=${Math.max(1, Math.ceil(attempts.windowMs / 1000))}`;
    const describe = (res: ServerResponse, count: RateLimiterRes): void =>
      describeLimit(res, attempts.limit, policy, count);
    return function attemptLimit(req, res, next) {
      const key = ipKey(req, res);
      counter
        .consume(key)
        .then(
          (count) => {
            describe(res, count);
            res.once('finish', () => {
              if (res.statusCode < 400) counter.reward(key, 1).catch(() => {});
            });
            next();
          },
          (rejection: unknown) => {
            if (!(rejection instanceof RateLimiterRes)) {
              storeUnavailable(res, next, rejection);
              return;
            }
            describe(res, rejection);
            attempts.refuse(res);
          },
        )
        .catch(next);
    };
  };

  return {
    perIp: limiter('ip', options.perIp, 'from this network'),
    perVisitor: limiter('visitor', options.perVisitor, 'from this visitor'),
    attemptLimit,
    routeLimits: (route) => ({
      perIp: limiter('ip', route.perIp, 'from this network', route),
      perVisitor: limiter('visitor', route.perVisitor, 'from this visitor', route),
    }),
    ready: () => client === undefined || client.isReady,
    async close() {
      if (!client?.isOpen) return;
      if (client.isReady) await client.close().catch(() => client.destroy());
      else client.destroy();
    },
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';
import { localsOf, sendError } from '../http/index.js';
import { guardedStore, redisPrefix, StoreUnavailableError } from './redis-store.js';

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

/** The two limiters of the public query route, and what they hold open. */
export interface RateLimits {
  /**
   * Limits queries per client IP: `req.ip` in Express (hosts behind proxies must set
   * `trust proxy`), or the address given by {@link setRateLimitClientIp}.
   */
  perIp: Limiter;
  /** Limits queries per visitor (see {@link setRateLimitVisitor}); requests without one pass. */
  perVisitor: Limiter;
  /** True when no Redis is configured, or Redis is connected and its scripts are loaded. */
  ready(): boolean;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

/** Interval between two warnings about an unavailable store, ms. */
const STORE_WARNING_INTERVAL_MS = 60_000;
/** `Retry-After` of a query refused because the store is unavailable, s. */
const STORE_RETRY_AFTER_SECONDS = 5;

const visitorIdKey = Symbol('agent-chat.visitorId');
const clientIpKey = Symbol('agent-chat.clientIp');

/**
 * Tells the per-visitor limiter whose request this is (kept in the response's `locals`, a
 * dictionary: new properties on Express's `req`/`res` are slow): a verified visitor id, or
 * for requests without one, a key of the client ({@link clientKeyOf}). Requests without
 * a key pass.
 */
export function setRateLimitVisitor(res: ServerResponse, visitorId: string | undefined): void {
  localsOf(res)[visitorIdKey] = visitorId;
}

/**
 * Gives the per-IP limiter the client address of a request served outside Express (which
 * otherwise provides `req.ip`, honouring its `trust proxy` setting).
 */
export function setRateLimitClientIp(res: ServerResponse, ip: string | undefined): void {
  localsOf(res)[clientIpKey] = ip;
}

function visitorIdOf(res: ServerResponse): string | undefined {
  const visitorId = localsOf(res)[visitorIdKey];
  return typeof visitorId === 'string' && visitorId !== '' ? visitorId : undefined;
}

function clientIpOf(req: IncomingMessage, res: ServerResponse): string {
  const ip = localsOf(res)[clientIpKey] ?? (req as { ip?: string }).ip;
  return typeof ip === 'string' ? ip : (req.socket.remoteAddress ?? '');
}

/**
 * The client as the per-IP limit counts it (the address, IPv6 by /56): the key requests
 * without a verified visitor share for the per-visitor limit and stream cap, so leaving the
 * visitor id out gains nothing.
 */
export function clientKeyOf(req: IncomingMessage, res: ServerResponse): string {
  return ipKeyGenerator(clientIpOf(req, res));
}

/**
 * Creates the per-IP and per-visitor limiters (express-rate-limit), counting in memory or,
 * with `redisUrl`, in Redis through rate-limit-redis so replicas share one limit. Rejected
 * requests get 429 JSON `RATE_LIMITED` with `Retry-After`. When Redis is unreachable (down,
 * not ready, or slower than `storeTimeoutMs`), `whenStoreUnavailable` decides: `allow`
 * (default, fail-open) lets requests pass, so the chat stays up and the limit is best
 * effort until Redis returns; `refuse` (fail-closed) answers 503 `UNAVAILABLE` with
 * `Retry-After`. Either way `onStoreError` counts it and a warning is logged once a minute.
 */
export function createRateLimits(options: RateLimitsOptions): RateLimits {
  const logger = options.logger;
  const storeTimeoutMs = options.storeTimeoutMs ?? 1_000;
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

  const initializedChecks: (() => boolean)[] = [];
  const storeFor = (name: string): Store | undefined => {
    if (!client) return undefined;
    const store = new RedisStore({
      prefix: `${redisPrefix}${name}:`,
      sendCommand: (...args: string[]) => client.sendCommand(args),
    });
    const guarded = guardedStore(store, client, storeTimeoutMs, logger);
    initializedChecks.push(guarded.initialized);
    return guarded.store;
  };

  let warnedAboutProxy = false;
  /** The per-IP key (IPv6 by /56, as express-rate-limit does), warning once about an untrusted proxy. */
  const ipKey = (req: Request, res: Response): string => {
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
    return ipKeyGenerator(ip);
  };

  const limiter = (name: 'ip' | 'visitor', limit: number, what: string): Limiter => {
    const store = storeFor(name);
    const middleware = rateLimit({
      windowMs: options.windowMs,
      limit,
      // One set of `RateLimit` headers per response: the visitor's (the limit a visitor
      // meets first); the per-IP limit shows itself only in its 429 and `Retry-After`.
      standardHeaders: name === 'visitor' ? 'draft-7' : false,
      legacyHeaders: false,
      // Store failures reach the wrapper below, which applies `whenStoreUnavailable`.
      passOnStoreError: false,
      ...(store ? { store } : {}),
      ...(logger ? { logger } : {}),
      ...(name === 'visitor'
        ? {
            keyGenerator: (_req: Request, res: Response) => `visitor:${visitorIdOf(res)}`,
            skip: (_req: Request, res: Response) => visitorIdOf(res) === undefined,
          }
        : { keyGenerator: ipKey }),
      handler(req, res) {
        options.onLimited?.(name);
        const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
        const seconds = info?.resetTime
          ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))
          : Math.ceil(options.windowMs / 1000);
        res.setHeader('Retry-After', String(seconds));
        sendError(
          res,
          429,
          ERROR_CODES.rateLimited,
          `Too many questions ${what}; please wait ${seconds} s and try again.`,
        );
      },
    });
    // express-rate-limit uses only Node's request and response API once `req.ip` is not
    // needed (the key generators above read the client address from `locals`).
    const counted = middleware as unknown as Limiter;
    if (!store) return counted;
    return function sharedLimit(req, res, next) {
      counted(req, res, (error?: unknown) => {
        if (error instanceof StoreUnavailableError) storeUnavailable(res, next, error);
        else next(error);
      });
    };
  };

  const refuse = options.whenStoreUnavailable === 'refuse';
  let lastWarning = Number.NEGATIVE_INFINITY;
  /** A request met an unavailable store: counted, warned about (once a minute), then let through or refused. */
  const storeUnavailable = (
    res: ServerResponse,
    next: (error?: unknown) => void,
    error: StoreUnavailableError,
  ): void => {
    options.onStoreError?.();
    const now = performance.now();
    if (now - lastWarning >= STORE_WARNING_INTERVAL_MS) {
      lastWarning = now;
      logger?.warn(
        { err: { message: error.message }, whenStoreUnavailable: refuse ? 'refuse' : 'allow' },
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

  return {
    perIp: limiter('ip', options.perIp, 'from this network'),
    perVisitor: limiter('visitor', options.perVisitor, 'from this visitor'),
    ready: () =>
      client === undefined || (client.isReady && initializedChecks.every((check) => check())),
    async close() {
      if (!client?.isOpen) return;
      if (client.isReady) await client.close().catch(() => client.destroy());
      else client.destroy();
    },
  };
}

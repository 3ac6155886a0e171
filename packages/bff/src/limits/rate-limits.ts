import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';
import { localsOf, sendError } from '../http/index.js';

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
  /** Longest wait for Redis before a request passes without counting. Default 1 000 ms. */
  storeTimeoutMs?: number;
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

/** Key prefix in Redis; two BFF replicas with the same prefix enforce one limit. */
const redisPrefix = 'agent-chat:rate-limit:';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

type RedisClient = ReturnType<typeof createClient>;

/**
 * Wraps a Redis store so that it never waits on a missing connection: it initializes
 * (loads its scripts) once Redis is ready, fails fast while Redis is down, and bounds
 * every call by `ms`. Failures make express-rate-limit let the request pass.
 */
function guardedStore(
  store: Store,
  client: RedisClient,
  ms: number,
  logger?: Logger,
): { store: Store; initialized: () => boolean } {
  let initialized = false;
  const notReady = () => Promise.reject(new Error('Redis is not connected'));
  const guarded = {
    prefix: store.prefix,
    localKeys: false,
    init(options) {
      const run = () => {
        if (initialized) return;
        Promise.resolve(store.init?.(options))
          .then(() => {
            initialized = true;
          })
          .catch((error: Error) => {
            logger?.error({ err: { message: error.message } }, 'could not load rate limit scripts');
          });
      };
      client.on('ready', run);
      if (client.isReady) run();
    },
    increment: (key) =>
      initialized && client.isReady
        ? withTimeout(Promise.resolve(store.increment(key)), ms)
        : notReady(),
    decrement: (key) =>
      initialized && client.isReady
        ? withTimeout(Promise.resolve(store.decrement(key)), ms)
        : notReady(),
    resetKey: (key) =>
      initialized && client.isReady
        ? withTimeout(Promise.resolve(store.resetKey(key)), ms)
        : notReady(),
  } as Store;
  return { store: guarded, initialized: () => initialized };
}

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
 * requests get 429 JSON `RATE_LIMITED` with `Retry-After`. When Redis is unreachable,
 * requests pass (logged): the chat stays up, the limit is best effort until Redis returns.
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
      passOnStoreError: true,
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
    return middleware as unknown as Limiter;
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

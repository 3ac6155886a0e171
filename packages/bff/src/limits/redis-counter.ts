import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { createClient } from 'redis';

/** A count could not be made: Redis is down, not ready, or too slow. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/** Key prefix in Redis; two BFF replicas with the same prefix enforce one limit. */
export const redisPrefix = 'agent-chat:rate-limit:';

/** The node-redis client the counts go through. */
export type RedisClient = ReturnType<typeof createClient>;

/**
 * What a limiter counts with: `consume` resolves with the key's count in its window,
 * rejects with that count (a `RateLimiterRes`) when it is over the limit, and with any
 * other error when the count could not be made.
 */
export interface Counter {
  consume(key: string): Promise<RateLimiterRes>;
  /** Gives one counted request back (a sign-in that succeeded); rejects when it cannot. */
  reward(key: string, points: number): Promise<unknown>;
}

/** Options of {@link createRedisCounter}. */
export interface RedisCounterOptions {
  /** Prefix of the counter's keys (`:` and the key follow). */
  keyPrefix: string;
  /** Requests allowed per window. */
  points: number;
  /** Window, whole seconds. */
  duration: number;
  /** Longest wait for Redis, ms. */
  timeoutMs: number;
}

/**
 * A {@link Counter} in Redis (rate-limiter-flexible: one Lua script per count, so
 * replicas share the window) that never waits on a missing connection: it fails at once
 * while the client is not ready (checked here, before a count is started) and bounds
 * every count by `timeoutMs`. Every failure is a {@link StoreUnavailableError}; a count
 * over the limit stays a `RateLimiterRes`.
 */
export function createRedisCounter(client: RedisClient, options: RedisCounterOptions): Counter {
  const limiter = new RateLimiterRedis({
    storeClient: client,
    useRedisPackage: true,
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.duration,
  });
  return {
    reward(key, points) {
      if (!client.isReady) {
        return Promise.reject(new StoreUnavailableError('Redis is not connected'));
      }
      return limiter.reward(key, points);
    },
    consume(key) {
      if (!client.isReady) {
        return Promise.reject(new StoreUnavailableError('Redis is not connected'));
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new StoreUnavailableError(`Redis did not answer within ${options.timeoutMs} ms`),
            ),
          options.timeoutMs,
        );
        limiter.consume(key).then(
          (count) => {
            clearTimeout(timer);
            resolve(count);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(
              error instanceof RateLimiterRes
                ? error
                : new StoreUnavailableError('Redis failed', { cause: error }),
            );
          },
        );
      });
    },
  };
}

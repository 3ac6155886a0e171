import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { createClient } from 'redis';

/** Thrown by a guarded store instead of waiting: Redis is down, not ready, or too slow. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/** Key prefix in Redis; two BFF replicas with the same prefix enforce one limit. */
export const redisPrefix = 'agent-chat:rate-limit:';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new StoreUnavailableError(`Redis did not answer within ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new StoreUnavailableError('Redis failed', { cause: error }));
      },
    );
  });
}

/** The node-redis client the store talks through. */
export type RedisClient = ReturnType<typeof createClient>;

/**
 * Wraps a Redis store so that it never waits on a missing connection: it initializes
 * (loads its scripts) once Redis is ready, fails fast while Redis is down, and bounds
 * every call by `ms`. Every failure is a {@link StoreUnavailableError}.
 */
export function guardedStore(
  store: Store,
  client: RedisClient,
  ms: number,
  logger?: Logger,
): { store: Store; initialized: () => boolean } {
  let initialized = false;
  const notReady = () => Promise.reject(new StoreUnavailableError('Redis is not connected'));
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
        ? withTimeout(
            Promise.resolve().then(() => store.increment(key)),
            ms,
          )
        : notReady(),
    decrement: (key) =>
      initialized && client.isReady
        ? withTimeout(
            Promise.resolve().then(() => store.decrement(key)),
            ms,
          )
        : notReady(),
    resetKey: (key) =>
      initialized && client.isReady
        ? withTimeout(
            Promise.resolve().then(() => store.resetKey(key)),
            ms,
          )
        : notReady(),
  } as Store;
  return { store: guarded, initialized: () => initialized };
}

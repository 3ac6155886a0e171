import { RateLimiterRes } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { redisServerAvailable, startRedisServer, type TestRedis } from '../testing/redis-server.js';
import { createRedisCounter, type RedisClient, StoreUnavailableError } from './redis-counter.js';

const hasRedis = redisServerAvailable();

describe.skipIf(!hasRedis)('a Redis counter', () => {
  let redis: TestRedis;
  let clients: RedisClient[];

  beforeAll(async () => {
    redis = await startRedisServer();
    clients = [];
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await redis?.stop();
  });

  async function connected(): Promise<RedisClient> {
    const client = createClient({ url: redis.url, disableOfflineQueue: true });
    client.on('error', () => {});
    clients.push(client);
    await client.connect();
    return client;
  }

  it('shares one window between clients and answers over the limit with the count', async () => {
    const options = { keyPrefix: 'test:shared', points: 2, duration: 60, timeoutMs: 1_000 };
    const first = createRedisCounter(await connected(), options);
    const second = createRedisCounter(await connected(), options);
    const one = await first.consume('k');
    expect(one.remainingPoints).toBe(1);
    expect(one.msBeforeNext).toBeGreaterThan(59_000);
    expect((await second.consume('k')).remainingPoints).toBe(0);
    const over = await first.consume('k').catch((rejection: unknown) => rejection);
    expect(over).toBeInstanceOf(RateLimiterRes);
    expect((over as RateLimiterRes).remainingPoints).toBe(0);
    // Another key has its own count.
    expect((await second.consume('other')).remainingPoints).toBe(1);
    // The key carries the prefix (what replicas agree on) and expires with the window.
    const ttl = await clients[0]?.pTTL('test:shared:k');
    expect(ttl).toBeGreaterThan(59_000);
  });

  it('fails fast, as unavailable, while Redis does not answer, and counts again after', async () => {
    const counter = createRedisCounter(await connected(), {
      keyPrefix: 'test:stall',
      points: 5,
      duration: 60,
      timeoutMs: 200,
    });
    await counter.consume('k');
    redis.process.kill('SIGSTOP');
    try {
      const started = performance.now();
      const failure = await counter.consume('k').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StoreUnavailableError);
      expect((failure as Error).message).toContain('within 200 ms');
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      redis.process.kill('SIGCONT');
    }
    // The stalled count may have landed once Redis resumed: 2 or 3 of 5 used, never lost.
    const after = await counter.consume('k');
    expect(after.remainingPoints).toBeGreaterThanOrEqual(2);
    expect(after.remainingPoints).toBeLessThanOrEqual(3);
  });

  it('is unavailable at once without a connection', async () => {
    const client = createClient({ url: redis.url, disableOfflineQueue: true });
    const counter = createRedisCounter(client, {
      keyPrefix: 'test:closed',
      points: 1,
      duration: 60,
      timeoutMs: 1_000,
    });
    await expect(counter.consume('k')).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

import http from 'node:http';
import { type ApiErrorBody, ERROR_CODES } from '@agent-chat/protocol';
import { describe, expect, it, vi } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { type LoopbackServer, listenOnLoopback } from '../testing/loopback-server.js';
import { postQuery } from '../testing/query-client.js';
import {
  freePort,
  redisServerAvailable,
  startRedisServer,
  type TestRedis,
  untilRedisStoreReady,
} from '../testing/redis-server.js';
import { createRateLimits } from './rate-limits.js';

let upstream: FaultUpstream;

beforeAll(async () => {
  upstream = await startFaultUpstream();
});
afterAll(async () => {
  await upstream.close();
});

async function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = (await response.json()) as ApiErrorBody;
  expect(body.error.code).toBe(ERROR_CODES.rateLimited);
  expect(body.error.message).toContain(`${retryAfter} s`);
}

describe('in-memory rate limits', () => {
  let harness: BffHarness;
  beforeAll(async () => {
    harness = await startBff({
      upstreamUrl: upstream.url,
      rateLimit: { perIp: 8, perVisitor: 2, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('limits per verified visitor, then per IP; requests without one share a count per client', async () => {
    const ask = (visitorId?: string) =>
      postQuery(harness.url, 'answer', visitorId ? { query: 'hi', visitorId } : { query: 'hi' });
    const expectOk = async (response: Response) => {
      expect(response.status).toBe(200);
      return ((await response.json()) as { visitorId: string }).visitorId;
    };
    const expectLimitedBy = async (response: Response, what: string) => {
      const copy = response.clone();
      await expectLimited(response);
      expect(((await copy.json()) as ApiErrorBody).error.message).toContain(what);
    };
    // The first question without a visitor id: the client's shared count (1 of 2).
    const tokenA = await expectOk(await ask());
    await expectOk(await ask(tokenA));
    await expectOk(await ask(tokenA));
    await expectLimitedBy(await ask(tokenA), 'from this visitor');
    // A made-up id is no identity: the shared count (2 of 2), then leaving it out is limited.
    const tokenB = await expectOk(await ask('v1'));
    await expectLimitedBy(await ask(), 'from this visitor');
    await expectLimitedBy(await ask('v2'), 'from this visitor');
    // A verified visitor still has their own count, until the IP's budget (9) is spent.
    await expectOk(await ask(tokenB));
    await expectLimitedBy(await ask(tokenB), 'from this network');
  });

  it('warns once when requests come through a proxy it does not trust', async () => {
    const warning = 'X-Forwarded-For but the proxy is not trusted';
    expect(harness.logs()).not.toContain(warning);
    for (const forwardedFor of ['203.0.113.7', '203.0.113.8']) {
      const response = await postQuery(
        harness.url,
        'answer',
        { query: 'hi' },
        { headers: { 'x-forwarded-for': forwardedFor } },
      );
      await response.text();
    }
    expect(harness.logs().split(warning).length - 1).toBe(1);
  });
});

describe('RateLimit headers', () => {
  it('describe the visitor limit only', async () => {
    const harness = await startBff({
      upstreamUrl: upstream.url,
      rateLimit: { perIp: 100, perVisitor: 2, windowMs: 60_000 },
    });
    try {
      // Without a verified visitor id, the client's shared count is the one described.
      const anonymous = await postQuery(harness.url, 'answer', { query: 'hi', visitorId: 'v9' });
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get('ratelimit-policy')).toBe('2;w=60');
      expect(anonymous.headers.get('ratelimit')).toMatch(/^limit=2, remaining=1, reset=\d+$/);
      const { visitorId } = (await anonymous.json()) as { visitorId: string };
      const verified = await postQuery(harness.url, 'answer', { query: 'hi', visitorId });
      await verified.text();
      expect(verified.status).toBe(200);
      expect(verified.headers.get('ratelimit')).toMatch(/^limit=2, remaining=1, reset=\d+$/);
    } finally {
      await harness.close();
    }
  });
});

describe('the window', () => {
  it('starts a new count when it ends, and RateLimit says when', async () => {
    const harness = await startBff({
      upstreamUrl: upstream.url,
      rateLimit: { perIp: 100, perVisitor: 1, windowMs: 2_000 },
    });
    try {
      const first = await postQuery(harness.url, 'answer', { query: 'hi' });
      await first.text();
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-policy')).toBe('1;w=2');
      expect(first.headers.get('ratelimit')).toMatch(/^limit=1, remaining=0, reset=[12]$/);
      const limited = await postQuery(harness.url, 'answer', { query: 'hi' });
      await expectLimited(limited);
      expect(limited.headers.get('ratelimit')).toMatch(/^limit=1, remaining=0, reset=[12]$/);
      await vi.waitFor(
        async () => {
          const again = await postQuery(harness.url, 'answer', { query: 'hi' });
          await again.text();
          expect(again.status).toBe(200);
        },
        { timeout: 5_000, interval: 250 },
      );
    } finally {
      await harness.close();
    }
  });

  it('must fit a timer', () => {
    expect(() => createRateLimits({ windowMs: 2 ** 31, perIp: 1, perVisitor: 1 })).toThrow(
      /between 1 ms and 2147483647 ms/,
    );
  });
});

describe('an unreachable Redis', () => {
  let deadPort: number;
  beforeAll(async () => {
    deadPort = await freePort();
  });

  async function metricsOf(harness: BffHarness): Promise<string> {
    return (await fetch(`${harness.url}/metrics`)).text();
  }

  it('by default serves queries without limits: a warning, a metric, readyz says so', async () => {
    const harness = await startBff({
      upstreamUrl: upstream.url,
      redisUrl: `redis://127.0.0.1:${deadPort}`,
      rateLimit: { perIp: 1, perVisitor: 1, windowMs: 60_000 },
    });
    try {
      for (let index = 0; index < 3; index += 1) {
        const response = await postQuery(harness.url, 'answer', { query: 'hi', visitorId: 'v' });
        expect(response.status).toBe(200);
        await response.text();
      }
      const metrics = await metricsOf(harness);
      expect(metrics).toMatch(/agent_chat_bff_rate_limit_store_errors_total [1-9]/);
      expect(metrics).toMatch(/agent_chat_bff_rate_limit_store_up 0/);
      const warnings = harness
        .logs()
        .split('\n')
        .filter((line) => line.includes('rate limit store is unreachable'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('"level":40');
      const ready = await fetch(`${harness.url}/readyz`);
      expect(((await ready.json()) as { rateLimitStore: string }).rateLimitStore).toBe(
        'redis-unavailable',
      );
    } finally {
      await harness.close();
    }
  });

  it('with redisUnavailable "refuse", refuses queries with 503 and Retry-After (fail-closed)', async () => {
    const harness = await startBff({
      upstreamUrl: upstream.url,
      redisUrl: `redis://127.0.0.1:${deadPort}`,
      redisUnavailable: 'refuse',
    });
    try {
      const before = upstream.requests.length;
      const response = await postQuery(harness.url, 'answer', { query: 'hi' });
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await response.json()) as ApiErrorBody;
      expect(body.error.code).toBe(ERROR_CODES.unavailable);
      expect(upstream.requests.length).toBe(before);
      expect(await metricsOf(harness)).toMatch(
        /agent_chat_bff_rate_limit_store_errors_total [1-9]/,
      );
      expect((await fetch(`${harness.url}/readyz`)).status).toBe(503);
    } finally {
      await harness.close();
    }
  });
});

const hasRedis = redisServerAvailable();
if (!hasRedis) {
  console.warn(
    'bff: skipping the shared Redis rate limit test: `redis-server` is not installed (`.ci/run` installs it from Debian).',
  );
}

describe.skipIf(!hasRedis)('rate limits shared through Redis', () => {
  let redis: TestRedis;
  let first: BffHarness;
  let second: BffHarness;

  beforeAll(async () => {
    redis = await startRedisServer();
    const options = {
      upstreamUrl: upstream.url,
      redisUrl: redis.url,
      rateLimit: { perIp: 3, perVisitor: 100, windowMs: 60_000 },
    };
    first = await startBff(options);
    second = await startBff(options);
    for (const harness of [first, second]) await untilRedisStoreReady(harness.url);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  it('two BFF instances enforce one limit', async () => {
    const statuses: number[] = [];
    for (const harness of [first, second, first]) {
      const response = await postQuery(harness.url, 'answer', { query: 'hi' });
      statuses.push(response.status);
      await response.text();
    }
    expect(statuses).toEqual([200, 200, 200]);
    await expectLimited(await postQuery(second.url, 'answer', { query: 'hi' }));
    await expectLimited(await postQuery(first.url, 'answer', { query: 'hi' }));
  });

  it('two BFF instances count failed attempts (the console sign-in) as one; successes are given back', async () => {
    const servers: LoopbackServer[] = [];
    const options = { windowMs: 60_000, perIp: 100, perVisitor: 100, redisUrl: redis.url };
    const limits = [createRateLimits(options), createRateLimits(options)];
    try {
      for (const rateLimits of limits) {
        await vi.waitFor(() => expect(rateLimits.ready()).toBe(true), {
          timeout: 10_000,
          interval: 20,
        });
        const limitAttempts = rateLimits.attemptLimit({
          name: 'test-sign-in',
          limit: 2,
          windowMs: 60_000,
          refuse(res) {
            res.statusCode = 429;
            res.end();
          },
        });
        // `/ok` succeeds, anything else fails, as a right and a wrong token would.
        const server = http.createServer((req, res) =>
          limitAttempts(req, res, () => {
            res.statusCode = req.url === '/ok' ? 200 : 401;
            res.end();
          }),
        );
        servers.push(await listenOnLoopback(server));
      }
      const [a, b] = servers as [LoopbackServer, LoopbackServer];
      const status = async (url: string) => (await fetch(url)).status;
      expect(await status(`${a.url}/ok`)).toBe(200);
      expect(await status(`${b.url}/ok`)).toBe(200);
      expect(await status(`${a.url}/wrong`)).toBe(401);
      expect(await status(`${b.url}/wrong`)).toBe(401);
      expect(await status(`${a.url}/wrong`)).toBe(429);
      expect(await status(`${b.url}/ok`)).toBe(429);
    } finally {
      for (const server of servers) await server.close();
      for (const rateLimits of limits) await rateLimits.close();
    }
  });
});

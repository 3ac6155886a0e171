import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import {
  type AgentFeatures,
  type ApiErrorBody,
  ERROR_CODES,
  type SearchResponse,
} from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { newVisitor } from '../testing/query-client.js';
import {
  redisServerAvailable,
  startRedisServer,
  type TestRedis,
  untilRedisStoreReady,
} from '../testing/redis-server.js';

let service: RunningAgentService;
let apiKey: string;

beforeAll(async () => {
  service = await startAgentService({ port: 0, database: await createTestDatabase() });
  ({ apiKey } = await service.seedDemo());
});
afterAll(async () => {
  await service?.close();
});

const search = (base: string, body: unknown, agentId = 'demo') =>
  fetch(`${base}/api/agents/${agentId}/search`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function expectError(response: Response, status: number, code: string, message?: RegExp) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as ApiErrorBody;
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
}

describe('POST /api/agents/{id}/search through the BFF to the agent service', () => {
  let harness: BffHarness;
  beforeAll(async () => {
    harness = await startBff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('relays a type-ahead search: sections with title, heading, URL, excerpt and highlights', async () => {
    const response = await search(harness.url, { query: 'data attrib' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { results } = (await response.json()) as SearchResponse;
    expect(results.length).toBeGreaterThan(0);
    const [first] = results;
    expect(first).toMatchObject({ title: 'Embedding the widget', heading: 'Data attributes' });
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['excerpt', 'heading', 'highlights', 'score', 'title', 'url'].sort(),
    );
    const marked = first?.highlights.map(([start, end]) => first.excerpt.slice(start, end));
    expect(marked?.length).toBeGreaterThan(0);
  });

  it('honours limit and answers an empty list when nothing matches', async () => {
    const limited = (await (
      await search(harness.url, { query: 'widget', limit: 2 })
    ).json()) as SearchResponse;
    expect(limited.results.length).toBeLessThanOrEqual(2);
    const none = (await (
      await search(harness.url, { query: 'zzyzx qwvt' })
    ).json()) as SearchResponse;
    expect(none).toEqual({ results: [] });
  });

  it('refuses blank, over-long and control-character queries with a clear 400', async () => {
    await expectError(
      await search(harness.url, { query: '' }),
      400,
      ERROR_CODES.invalidRequest,
      /empty/,
    );
    await expectError(
      await search(harness.url, { query: '  ' }),
      400,
      ERROR_CODES.invalidRequest,
      /blank/,
    );
    await expectError(
      await search(harness.url, { query: 'w'.repeat(201) }),
      400,
      ERROR_CODES.invalidRequest,
      /at most 200 characters/,
    );
    await expectError(
      await search(harness.url, { query: 'conf\u0007ig' }),
      400,
      ERROR_CODES.invalidRequest,
      /control characters/,
    );
    await expectError(await search(harness.url, 'not json'), 400, ERROR_CODES.invalidRequest);
  });

  it('serves only the agents the public may query', async () => {
    await expectError(
      await search(harness.url, { query: 'widget' }, 'other'),
      404,
      ERROR_CODES.notFound,
    );
    await expectError(
      await search(harness.url, { query: 'widget' }, 'bad.id'),
      400,
      ERROR_CODES.invalidRequest,
    );
  });

  it('tells the widget that search is on, cacheably', async () => {
    const response = await fetch(`${harness.url}/api/agents/demo/features`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect((await response.json()) as AgentFeatures).toEqual({ search: true });
  });
});

describe('the search limits', () => {
  let upstream: FaultUpstream;
  let harness: BffHarness;
  beforeAll(async () => {
    upstream = await startFaultUpstream();
    harness = await startBff({
      upstreamUrl: upstream.url,
      rateLimit: {
        perIp: 100,
        perVisitor: 2,
        searchPerIp: 100,
        searchPerVisitor: 3,
        windowMs: 60_000,
      },
    });
  });
  afterAll(async () => {
    await harness?.close();
    await upstream?.close();
  });

  it('counts per visitor apart from questions, and refuses with 429 and Retry-After', async () => {
    const visitor = await newVisitor(harness.url, 'answer');
    const before = upstream.requests.length;
    for (let index = 0; index < 3; index += 1) {
      const response = await search(
        harness.url,
        { query: `q${index}`, visitorId: visitor.visitorId },
        'answer',
      );
      // The fault upstream has no search route: what matters is that the BFF let it through.
      expect(response.status).not.toBe(429);
    }
    expect(upstream.requests.length).toBe(before + 3);
    const refused = await search(
      harness.url,
      { query: 'q4', visitorId: visitor.visitorId },
      'answer',
    );
    await expectError(refused, 429, ERROR_CODES.rateLimited, /Too many searches from this visitor/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(upstream.requests.length).toBe(before + 3);
    // Another visitor has their own count; the questions’ count (2) was never used by searches.
    const other = await newVisitor(harness.url, 'answer');
    expect(
      (await search(harness.url, { query: 'q', visitorId: other.visitorId }, 'answer')).status,
    ).not.toBe(429);
  });
});

describe('against a Chaindesk upstream', () => {
  let upstream: FaultUpstream;
  let harness: BffHarness;
  beforeAll(async () => {
    upstream = await startFaultUpstream({ dialect: 'chaindesk' });
    harness = await startBff({ upstreamUrl: upstream.url, upstreamDialect: 'chaindesk' });
  });
  afterAll(async () => {
    await harness?.close();
    await upstream?.close();
  });

  it('the features say no search, and the route is 404 without calling the upstream', async () => {
    const features = await fetch(`${harness.url}/api/agents/answer/features`);
    expect((await features.json()) as AgentFeatures).toEqual({ search: false });
    const before = upstream.requests.length;
    await expectError(
      await search(harness.url, { query: 'conf' }, 'answer'),
      404,
      ERROR_CODES.notFound,
    );
    expect(upstream.requests.length).toBe(before);
  });
});

const hasRedis = redisServerAvailable();
describe.skipIf(!hasRedis)('search limits shared through Redis', () => {
  let redis: TestRedis;
  let upstream: FaultUpstream;
  let first: BffHarness;
  let second: BffHarness;
  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await startFaultUpstream();
    const options = {
      upstreamUrl: upstream.url,
      redisUrl: redis.url,
      rateLimit: {
        perIp: 1,
        perVisitor: 100,
        searchPerIp: 3,
        searchPerVisitor: 100,
        windowMs: 60_000,
      },
    };
    first = await startBff(options);
    second = await startBff(options);
    for (const harness of [first, second]) await untilRedisStoreReady(harness.url);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await upstream?.close();
    await redis?.stop();
  });

  it('two replicas share one per-IP search count, apart from the query count', async () => {
    const statuses = [];
    for (const harness of [first, second, first, second]) {
      statuses.push((await search(harness.url, { query: 'conf' }, 'answer')).status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});

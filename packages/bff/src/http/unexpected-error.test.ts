import type { ApiErrorBody } from '@agent-chat/protocol';
import { ERROR_CODES } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff, TEST_TOKEN } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';

const ADMIN_TOKEN = 'edge-admin-token-0123456789abcdef';

let upstream: FaultUpstream;
let harness: BffHarness;

beforeAll(async () => {
  upstream = await startFaultUpstream();
  harness = await startBff({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
});
afterAll(async () => {
  await harness.close();
  await upstream.close();
});

describe('errors Express raises before a BFF handler runs', () => {
  it.each([
    ['DELETE', '/api/datasources/%ZZ'],
    ['PATCH', '/api/agents/%E0%A4%A'],
    ['DELETE', '/api/datastores/a%'],
    ['POST', '/api/datastores/upsert/%C0%AF'],
  ])('%s %s with a bad percent-escape is a 400 JSON error, not a 500', async (method, path) => {
    const response = await fetch(`${harness.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      ...(method === 'DELETE' ? {} : { body: '{}' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error.code).toBe(ERROR_CODES.invalidRequest);
    expect(body.error.message).toMatch(/percent/i);
    expect(upstream.requests).toHaveLength(0);
    expect(harness.logs()).not.toContain(TEST_TOKEN);
    expect(harness.logs()).not.toContain('unhandled error');
  });
});

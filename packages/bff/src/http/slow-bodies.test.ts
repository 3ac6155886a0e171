import { type ApiErrorBody, ERROR_CODES } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { rawExchange } from '../testing/raw-exchange.js';

const ADMIN_TOKEN = 'edge-admin-token-0123456789abcdef';
const BODY_TIMEOUT_MS = 400;

let upstream: FaultUpstream;
let harness: BffHarness;

beforeAll(async () => {
  upstream = await startFaultUpstream();
  harness = await startBff({
    upstreamUrl: upstream.url,
    adminToken: ADMIN_TOKEN,
    bodyTimeoutMs: BODY_TIMEOUT_MS,
  });
});
afterAll(async () => {
  await harness.close();
  await upstream.close();
});

/** The request line and headers of a request to `path` under the harness's base URL. */
function head(method: string, path: string, headers: Record<string, string | number>): string {
  const { host, pathname } = new URL(harness.url);
  const lines = [`${method} ${pathname.replace(/\/$/, '')}${path} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function expectError(body: string, code: string) {
  expect((JSON.parse(body) as ApiErrorBody).error.code).toBe(code);
}

describe('request bodies that never come', () => {
  it('an admin request declaring 1 GB is refused at once from its Content-Length (413)', async () => {
    const reply = await rawExchange(
      harness.url,
      head('POST', '/api/datastores/upsert/ds1', {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'content-type': 'application/json',
        'content-length': 1_000_000_000,
      }),
      '{}',
      3_000,
    );
    expect(reply.settled).toBe(true);
    expect(reply.status).toBe(413);
    expectError(reply.body, ERROR_CODES.payloadTooLarge);
    expect(reply.elapsedMs).toBeLessThan(BODY_TIMEOUT_MS);
    expect(upstream.requests).toHaveLength(0);
  });

  it('an admin body that stalls is answered 408 after bodyTimeoutMs', async () => {
    const reply = await rawExchange(
      harness.url,
      head('PATCH', '/api/agents/a1', {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'content-type': 'application/json',
        'content-length': 50,
      }),
      '{"name":',
      5_000,
    );
    expect(reply.settled).toBe(true);
    expect(reply.status).toBe(408);
    expectError(reply.body, ERROR_CODES.requestTimeout);
    expect(reply.elapsedMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(reply.elapsedMs).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
    expect(upstream.requests).toHaveLength(0);
  });

  it('a public query whose Content-Length is 40 bytes longer than its body is answered 408', async () => {
    const body = '{"query":"hello"}';
    const reply = await rawExchange(
      harness.url,
      head('POST', '/api/agents/answer/query', {
        'content-type': 'application/json',
        'content-length': body.length + 40,
      }),
      body,
      5_000,
    );
    expect(reply.settled).toBe(true);
    expect(reply.status).toBe(408);
    expectError(reply.body, ERROR_CODES.requestTimeout);
    expect(reply.elapsedMs).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
    expect(upstream.requests).toHaveLength(0);
  });
});

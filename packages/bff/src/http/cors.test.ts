import { type ApiErrorBody, ERROR_CODES } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { postQuery } from '../testing/query-client.js';

let upstream: FaultUpstream;
let sameOrigin: BffHarness;
let listed: BffHarness;

beforeAll(async () => {
  upstream = await startFaultUpstream();
  sameOrigin = await startBff({ upstreamUrl: upstream.url });
  listed = await startBff({
    upstreamUrl: upstream.url,
    allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
  });
});
afterAll(async () => {
  await sameOrigin.close();
  await listed.close();
  await upstream.close();
});

function preflight(base: string, origin: string) {
  return fetch(`${base}/api/agents/answer/query`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
}

describe('default: same origin only', () => {
  it('allows requests without an Origin header (curl, server to server)', async () => {
    const response = await postQuery(sameOrigin.url, 'answer', { query: 'hi' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the page of its own host', async () => {
    const response = await postQuery(
      sameOrigin.url,
      'answer',
      { query: 'hi' },
      { headers: { origin: sameOrigin.origin } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(sameOrigin.origin);
  });

  it('rejects other origins server-side with 403 before the upstream is called', async () => {
    const count = upstream.requests.length;
    const response = await postQuery(
      sameOrigin.url,
      'answer',
      { query: 'hi' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.status).toBe(403);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error.code).toBe(ERROR_CODES.forbidden);
    expect(body.error.message).toContain('ALLOWED_ORIGINS');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(upstream.requests.length).toBe(count);
  });

  it('rejects the opaque origin "null"', async () => {
    const response = await postQuery(
      sameOrigin.url,
      'answer',
      { query: 'hi' },
      { headers: { origin: 'null' } },
    );
    expect(response.status).toBe(403);
  });
});

describe('allow-list', () => {
  it('answers preflights of listed origins', async () => {
    const response = await preflight(listed.url, 'https://shop.example');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'content-type',
    );
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('refuses preflights of other origins', async () => {
    const response = await preflight(listed.url, 'https://shop.example.evil.test');
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('relays queries from listed origins and exposes the request id', async () => {
    const response = await postQuery(
      listed.url,
      'answer',
      { query: 'hi', streaming: true },
      { headers: { origin: 'http://localhost:5173' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    await response.text();
  });

  it('still allows its own origin: the list adds other sites', async () => {
    const response = await postQuery(
      listed.url,
      'answer',
      { query: 'hi' },
      { headers: { origin: listed.origin } },
    );
    expect(response.status).toBe(200);
    await response.text();
  });
});

import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { redactUrl } from './request-logging.js';

const ADMIN_TOKEN = 'edge-admin-token-0123456789abcdef';
const SECRET = 'sk-url-SECRET-8c1d';

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

describe('URLs in the request log', () => {
  it('never carry a token given in the query string', async () => {
    const requests: [string, string][] = [
      ['DELETE', `/api/datasources/ds1?token=${SECRET}`],
      ['PATCH', `/api/agents/a1?x=1&note=${SECRET}`],
      ['POST', `/api/agents/answer/query?access_token=${SECRET}`],
      ['GET', `/healthz?api_key=${SECRET}`],
      ['GET', `/readyz?a=1&TOKEN=${SECRET}#frag`],
    ];
    for (const [method, path] of requests) {
      const response = await fetch(`${harness.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{"query":"hi"}' }),
      });
      await response.text();
    }
    // A request is logged when its response ends: wait for the last one's line.
    await expect.poll(() => harness.logs()).toContain('/readyz?a=1&TOKEN=[redacted]');
    const logs = harness.logs();
    expect(logs).toContain('/api/datasources/ds1?token=[redacted]');
    expect(logs).toContain('/healthz?api_key=[redacted]');
    expect(logs).not.toContain(SECRET);
  });

  it('redactUrl keeps harmless parameters of public routes and hides every admin value', () => {
    expect(redactUrl('/healthz')).toBe('/healthz');
    expect(redactUrl('/readyz?verbose=1&password=x')).toBe('/readyz?verbose=1&password=[redacted]');
    expect(redactUrl('/api/agents/a/query?lang=en&secret=s')).toBe(
      '/api/agents/a/query?lang=en&secret=[redacted]',
    );
    expect(redactUrl('/api/agents/a?name=x&y')).toBe('/api/agents/a?name=[redacted]&y=[redacted]');
    expect(redactUrl('/widget.js?v=3&Api-Key=k')).toBe('/widget.js?v=3&Api-Key=[redacted]');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import { type RunningBff, startBff } from './server.js';
import { type FaultUpstream, startFaultUpstream } from './testing/fault-upstream.js';
import { rawExchange } from './testing/raw-exchange.js';

const TOKEN = 'server-test-agent-token-42';

describe('startBff', () => {
  let upstream: FaultUpstream;
  const widgetDir = mkdtempSync(join(tmpdir(), 'agent-chat-server-widget-'));
  const running: RunningBff[] = [];

  async function start(extra: Partial<Parameters<typeof startBff>[0]> = {}) {
    const bff = await startBff({
      upstreamUrl: upstream.url,
      agentApiToken: TOKEN,
      allowedAgents: '*',
      allowedOrigins: '*',
      logger: false,
      widgetDir,
      port: 0,
      ...extra,
    });
    running.push(bff);
    return bff;
  }

  beforeAll(async () => {
    upstream = await startFaultUpstream();
    mkdirSync(join(widgetDir, 'assets'));
    writeFileSync(join(widgetDir, 'widget.js'), '/* widget */');
  });
  afterAll(async () => {
    await Promise.all(running.map((bff) => bff.close()));
    await upstream.close();
    rmSync(widgetDir, { recursive: true, force: true });
  });

  it('sets its own connection timeouts, 15 s for headers by default', async () => {
    const bff = await start();
    expect(bff.server.headersTimeout).toBe(15_000);
    expect(bff.server.requestTimeout).toBe(30_000);
    expect(bff.server.keepAliveTimeout).toBe(5_000);
    const tuned = await start({
      headersTimeoutMs: 2_000,
      requestTimeoutMs: 4_000,
      keepAliveTimeoutMs: 1_000,
    });
    expect(tuned.server.headersTimeout).toBe(2_000);
    expect(tuned.server.requestTimeout).toBe(4_000);
    expect(tuned.server.keepAliveTimeout).toBe(1_000);
    await expect(start({ headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 })).rejects.toThrow(
      /headersTimeoutMs \(5000\) must not be longer than requestTimeoutMs/,
    );
  });

  it('closes a client that stalls inside its headers, and one whose body stalls', async () => {
    // Timeouts long enough that a client served meanwhile is not timed out itself when the
    // test shares two busy cores with other test files.
    const bff = await start({
      headersTimeoutMs: 1_000,
      requestTimeoutMs: 2_000,
      bodyTimeoutMs: 60_000,
    });
    const slowHeaders = rawExchange(
      bff.url,
      'POST /api/agents/answer/query HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n',
      '',
      8_000,
    );
    // The request timeout bounds a body even when the BFF's own body deadline is far away.
    const slowBody = rawExchange(
      bff.url,
      'POST /api/agents/answer/query HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 57\r\n\r\n',
      '{"query":"hello"}',
      8_000,
    );
    // Meanwhile, other clients are served.
    expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
    for (const reply of await Promise.all([slowHeaders, slowBody])) {
      expect(reply.settled).toBe(true);
      expect(reply.elapsedMs).toBeLessThan(6_000);
      expect([0, 408]).toContain(reply.status);
    }
  });

  it('serves the BFF at / with x-powered-by off and JSON 404s elsewhere', async () => {
    const bff = await start();
    expect(bff.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${bff.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-powered-by')).toBeNull();
    const widget = await fetch(`${bff.url}/widget.js`);
    expect(await widget.text()).toBe('/* widget */');
    const missing = await fetch(`${bff.url}/nope`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const answer = await fetch(`${bff.url}/api/agents/answer/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Hi' }),
    });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain(TOKEN);
    expect((JSON.parse(text) as { answer: string }).answer).toContain('Hello');
  });

  it('applies trust proxy: per-IP limits follow X-Forwarded-For only when trusted', async () => {
    const statuses = async (bff: RunningBff) => {
      const results: number[] = [];
      for (const forwardedFor of ['203.0.113.1', '203.0.113.2']) {
        const response = await fetch(`${bff.url}/api/agents/answer/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify({ query: 'Hi' }),
        });
        await response.arrayBuffer();
        results.push(response.status);
      }
      return results;
    };
    const rateLimit = { perIp: 1, perVisitor: 100, windowMs: 60_000 };
    expect(await statuses(await start({ rateLimit, trustProxy: 1 }))).toEqual([200, 200]);
    expect(await statuses(await start({ rateLimit }))).toEqual([200, 429]);
  });

  it('closes gracefully: open streams end with an [ERROR] frame, then the server stops', async () => {
    const bff = await start({ shutdownGraceMs: 100 });
    const response = await fetch(`${bff.url}/api/agents/hang/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Hi', streaming: true }),
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: answer')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const closing = bff.close();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await closing;
    expect(text).toMatch(/data: \[ERROR\]SHUTTING_DOWN/);
    expect(text).not.toContain(TOKEN);
    await expect(fetch(`${bff.url}/healthz`)).rejects.toThrow();
    // close() is idempotent.
    await bff.close();
  });

  it('rejects when the port is taken', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    await expect(start({ port })).rejects.toThrow(/EADDRINUSE/);
  });
});

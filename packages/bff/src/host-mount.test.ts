import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES } from '@agent-chat/protocol';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import { type BffRouter, createBff } from './create-bff.js';
import type { BffOptions } from './options/index.js';
import { TEST_TOKEN } from './testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from './testing/fault-upstream.js';
import { listenOnLoopback } from './testing/loopback-server.js';
import { rawPost } from './testing/query-client.js';

/** A host Express app in front of a fault upstream; `mount` adds its routes and the BFF. */
async function startHost(
  mount: (app: express.Express, bff: BffRouter) => void,
  options: Partial<BffOptions> = {},
) {
  const upstream = await startFaultUpstream();
  const bff = createBff({
    upstreamUrl: upstream.url,
    agentApiToken: TEST_TOKEN,
    allowedAgents: ['answer'],
    logger: false,
    ...options,
  });
  const app = express();
  mount(app, bff);
  const server = await listenOnLoopback(createServer(app));
  return {
    upstream,
    base: server.url,
    async close() {
      await bff.shutdown(0);
      await server.close();
      await upstream.close();
    },
  };
}

/** A host that mounts the BFF at its root, with pages of its own before and after it. */
let upstream: FaultUpstream;
let base = '';
let closeHost: () => Promise<void>;

beforeAll(async () => {
  ({
    upstream,
    base,
    close: closeHost,
  } = await startHost((app, bff) => {
    app.get('/before', (_req, res) => {
      res.send('<p>before</p>');
    });
    app.use(bff);
    app.get('/after', (_req, res) => {
      res.send('<p>after</p>');
    });
    app.post('/contact', express.json(), (_req, res) => {
      res.json({ received: true });
    });
  }));
});
afterAll(() => closeHost());

describe('a BFF mounted at the root of a host app', () => {
  it('leaves no header of its own on the host pages it passes on', async () => {
    for (const path of ['/before', '/after']) {
      const response = await fetch(`${base}${path}`);
      expect(await response.text()).toContain(path.slice(1));
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(response.headers.get('x-request-id')).toBeNull();
    }
  });

  it('does not refuse the host its own cross-origin routes', async () => {
    const response = await fetch(`${base}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });

  it('answers its query route however Express would match it, with its headers', async () => {
    for (const path of [
      '/api/agents/answer/query',
      '/API/Agents/answer/Query',
      '/api/agents/answer/query/',
      '/api/agents/%61nswer/query?x=1',
    ]) {
      const response = await rawPost(`${base}${path}`, { query: 'hi' });
      const body = JSON.parse((await response.toArray()).join('')) as { answer?: string };
      expect(response.statusCode, path).toBe(200);
      expect(body.answer, path).toBeTruthy();
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(upstream.requests.at(-1)?.url).toBe('/api/agents/answer/query');
  });

  it('refuses a cross-origin query from an origin it does not allow', async () => {
    const response = await rawPost(
      `${base}/api/agents/answer/query`,
      { query: 'hi' },
      {
        origin: 'https://elsewhere.example',
      },
    );
    expect(response.statusCode).toBe(403);
    response.resume();
  });
});

describe('a BFF mounted after a host body parser', () => {
  const adminToken = 'admin-token-0123456789abcdef';
  let parsedUpstream: FaultUpstream;
  let parsedBase = '';
  let closeParsedHost: () => Promise<void>;

  beforeAll(async () => {
    ({
      upstream: parsedUpstream,
      base: parsedBase,
      close: closeParsedHost,
    } = await startHost(
      (app, bff) => {
        // A host middleware that drains a body without leaving anything in req.body...
        app.use('/drained', (req, _res, next) => {
          req.resume();
          req.on('end', () => next());
        });
        // ...and one that reads every JSON body first (a common app-wide setup).
        app.use(express.json());
        app.use('/chat', bff);
        app.use('/drained', bff);
      },
      { adminToken },
    ));
  });
  afterAll(() => closeParsedHost());

  it('relays the query the host parser already read, JSON and streamed', async () => {
    const json = await rawPost(`${parsedBase}/chat/api/agents/answer/query`, { query: 'hi' });
    expect(json.statusCode).toBe(200);
    expect(JSON.parse((await json.toArray()).join(''))).toMatchObject({
      answer: expect.any(String),
    });
    expect(JSON.parse(parsedUpstream.requests.at(-1)!.body)).toEqual({
      query: 'hi',
      visitorId: expect.any(String),
    });

    const stream = await rawPost(`${parsedBase}/chat/api/agents/answer/query`, {
      query: 'hello',
      streaming: true,
    });
    expect(stream.statusCode).toBe(200);
    expect((await stream.toArray()).join('')).toMatch(
      /event: endpoint_response[\s\S]*data: \[DONE\]\n\n$/,
    );
    expect(JSON.parse(parsedUpstream.requests.at(-1)!.body)).toEqual({
      query: 'hello',
      streaming: true,
      visitorId: expect.any(String),
    });
  });

  it('still validates a body the host parser read, and keeps its size limit', async () => {
    const invalid = await rawPost(`${parsedBase}/chat/api/agents/answer/query`, { query: 42 });
    expect(invalid.statusCode).toBe(400);
    invalid.resume();
    const big = await rawPost(`${parsedBase}/chat/api/agents/answer/query`, {
      query: 'x'.repeat(40_000),
    });
    expect(big.statusCode).toBe(413);
    big.resume();
  });

  it('relays an admin body the host parser already read', async () => {
    const response = await fetch(`${parsedBase}/chat/api/agents/answer`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed' }),
    });
    await response.arrayBuffer();
    const sent = parsedUpstream.requests.at(-1)!;
    expect(sent.url).toBe('/api/agents/answer');
    expect(JSON.parse(sent.body)).toEqual({ name: 'Renamed' });
  });

  it('answers a clear 500 instead of hanging when the body was drained before it', async () => {
    const response = await rawPost(`${parsedBase}/drained/api/agents/answer/query`, {
      query: 'hi',
    });
    expect(response.statusCode).toBe(500);
    const body = JSON.parse((await response.toArray()).join('')) as {
      error: { code: string; message: string };
    };
    expect(body.error.code).toBe(ERROR_CODES.internal);
    expect(body.error.message).toMatch(/site operator/);
  });
});

describe('a host serving static files of its own after a BFF mounted at /', () => {
  const siteDir = mkdtempSync(join(tmpdir(), 'agent-chat-host-site-'));
  const widgetDir = mkdtempSync(join(tmpdir(), 'agent-chat-host-widget-'));
  let host: Awaited<ReturnType<typeof startHost>>;

  beforeAll(async () => {
    mkdirSync(join(siteDir, 'assets'));
    mkdirSync(join(siteDir, 'styles'));
    writeFileSync(join(siteDir, 'site.js'), 'console.log("host script");');
    writeFileSync(join(siteDir, 'styles', 'site.css'), 'body{margin:0}');
    writeFileSync(join(siteDir, 'assets', 'app-1234abcd.js'), 'export const app = 1;');
    mkdirSync(join(widgetDir, 'assets'));
    writeFileSync(join(widgetDir, 'widget.js'), '/* widget */');
    writeFileSync(join(widgetDir, 'assets', 'panel-CxfjXwG6.js'), '/* panel */');
    host = await startHost(
      (app, bff) => {
        app.use(bff);
        app.use(express.static(siteDir));
      },
      { widgetDir },
    );
  });
  afterAll(async () => {
    await host.close();
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(widgetDir, { recursive: true, force: true });
  });

  it('gets its .js and .css files served, not a JSON 404 from the BFF', async () => {
    for (const [path, text] of [
      ['/site.js', 'host script'],
      ['/styles/site.css', 'margin:0'],
      ['/assets/app-1234abcd.js', 'app = 1'],
    ] as const) {
      const response = await fetch(`${host.base}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain(text);
      expect(response.headers.get('x-request-id'), path).toBeNull();
    }
  });

  it('while the widget files are still the BFF’s', async () => {
    const widget = await fetch(`${host.base}/widget.js`);
    expect(await widget.text()).toBe('/* widget */');
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');
    const panel = await fetch(`${host.base}/assets/panel-CxfjXwG6.js`);
    expect(await panel.text()).toBe('/* panel */');
    // Files the host does not have either end with the host's own 404.
    const missing = await fetch(`${host.base}/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toMatch(/json/);
  });
});

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { LIMITS } from '@agent-chat/protocol';
import express, { type RequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import type { BffOptions } from '../options/index.js';
import { listenOnLoopback } from '../testing/loopback-server.js';
import { createAdminRouter } from './index.js';

const AGENT_TOKEN = 'agent-secret-token-0123456789';
const ADMIN_TOKEN = 'admin-secret-token-9876543210';

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply = (request: Recorded, res: ServerResponse) => void;

/** A small upstream that records every request and answers with the reply set by the test. */
async function startFakeUpstream() {
  const requests: Recorded[] = [];
  let reply: Reply = (_request, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  };
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      reply(recorded, res);
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    requests,
    setReply(next: Reply) {
      reply = next;
    },
    close,
  };
}

async function startApp(router: express.Router, mount = '/') {
  const app = express();
  app.use(mount, router);
  app.use((_req, res) => {
    res.status(404).json({ error: { code: 'NOT_FOUND', message: 'fallthrough' } });
  });
  return listenOnLoopback(http.createServer(app));
}

type Upstream = Awaited<ReturnType<typeof startFakeUpstream>>;
type App = Awaited<ReturnType<typeof startApp>>;

const opened: App[] = [];
async function app(options: Partial<BffOptions> & { upstreamUrl: string }, mount = '/') {
  const started = await startApp(
    createAdminRouter({ agentApiToken: AGENT_TOKEN, logger: false, ...options }),
    mount,
  );
  opened.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((started) => started.close()));
});

function admin(init: RequestInit & { json?: unknown } = {}): RequestInit {
  const { json, ...rest } = init;
  return {
    ...rest,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'content-type': 'application/json',
      ...(rest.headers as Record<string, string> | undefined),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  };
}

async function expectNoToken(response: Response): Promise<string> {
  const text = await response.text();
  expect(text).not.toContain(AGENT_TOKEN);
  for (const [, value] of response.headers) expect(value).not.toContain(AGENT_TOKEN);
  return text;
}

describe('createAdminRouter (spec dialect)', () => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await upstream.close();
  });
  afterEach(() => {
    upstream.requests.length = 0;
    upstream.setReply((_request, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
  });

  it('answers 404 on admin routes when neither adminToken nor adminAuth is set', async () => {
    const { url } = await app({ upstreamUrl: upstream.url });
    const response = await fetch(`${url}/api/agents/a1`, admin({ method: 'PATCH', json: {} }));
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toContain('ADMIN_TOKEN');
    expect(upstream.requests).toHaveLength(0);
  });

  it('rejects a missing or wrong admin token with 401 without calling the upstream', async () => {
    const { url } = await app({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
    const missing = await fetch(`${url}/api/agents/a1`, { method: 'DELETE' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    const wrong = await fetch(`${url}/api/agents/a1`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    const agentTokenAsAdmin = await fetch(`${url}/api/agents/a1`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${AGENT_TOKEN}` },
    });
    expect(agentTokenAsAdmin.status).toBe(401);
    expect(upstream.requests).toHaveLength(0);
  });

  it('relays a PATCH with the agent token, the validated body and only safe headers', async () => {
    upstream.setReply((request, res) => {
      res.setHeader('content-type', 'application/json');
      // An upstream that echoes its request must still not leak the token.
      res.end(JSON.stringify({ id: 'a1', name: 'Renamed', echo: request.headers.authorization }));
    });
    const { url } = await app({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
    const response = await fetch(
      `${url}/api/agents/a1?target=http://evil.example`,
      admin({
        method: 'PATCH',
        json: { name: 'Renamed', temperature: 0.5, injected: 'dropped' },
        headers: {
          cookie: 'session=host-site-secret',
          'x-custom': 'nope',
          te: 'trailers',
          'proxy-authorization': 'Basic abc',
          'x-request-id': 'req-1',
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await expectNoToken(response);
    expect(JSON.parse(text)).toEqual({ id: 'a1', name: 'Renamed', echo: 'Bearer [redacted]' });

    expect(upstream.requests).toHaveLength(1);
    const [sent] = upstream.requests;
    expect(sent?.method).toBe('PATCH');
    expect(sent?.url).toBe('/api/agents/a1');
    expect(sent?.headers.authorization).toBe(`Bearer ${AGENT_TOKEN}`);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(Number(sent?.headers['content-length'])).toBe(Buffer.byteLength(sent?.body ?? ''));
    expect(JSON.parse(sent?.body ?? '')).toEqual({ name: 'Renamed', temperature: 0.5 });
    expect(sent?.headers['x-request-id']).toBe('req-1');
    for (const dropped of ['cookie', 'x-custom', 'te', 'proxy-authorization', 'x-forwarded-for']) {
      expect(sent?.headers[dropped]).toBeUndefined();
    }
    expect(JSON.stringify(sent?.headers)).not.toContain(ADMIN_TOKEN);
  });

  it('rewrites credentials even for "Expect: 100-continue" requests', async () => {
    const { url } = await app({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
    const body = JSON.stringify({ name: 'Continued' });
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${url}/api/agents/a1`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${ADMIN_TOKEN}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      });
      request.on('continue', () => request.end(body));
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', reject);
    });
    expect(status).toBe(200);
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${AGENT_TOKEN}`);
    expect(upstream.requests[0]?.headers.expect).toBeUndefined();
    expect(JSON.parse(upstream.requests[0]?.body ?? '')).toEqual({ name: 'Continued' });
  });

  it('validates ids (no "/", "..", encoded variants) and bodies, naming the field', async () => {
    const { url } = await app({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
    for (const path of [
      '/api/agents/..%2Fadmin',
      '/api/agents/a%2Fb',
      '/api/agents/a%2E%2Eb',
      '/api/agents/%252E%252E',
    ]) {
      const response = await fetch(`${url}${path}`, admin({ method: 'DELETE' }));
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'INVALID_REQUEST',
      );
    }
    const badField = await fetch(
      `${url}/api/agents/a1`,
      admin({ method: 'PATCH', json: { temperature: 5 } }),
    );
    expect(badField.status).toBe(400);
    expect(((await badField.json()) as { error: { message: string } }).error.message).toContain(
      'temperature',
    );
    const badUpsert = await fetch(
      `${url}/api/datastores/upsert/ds1`,
      admin({ method: 'POST', json: { documents: [{ name: 'x' }] } }),
    );
    expect(badUpsert.status).toBe(400);
    expect(((await badUpsert.json()) as { error: { message: string } }).error.message).toContain(
      'documents[].text',
    );
    const notJson = await fetch(
      `${url}/api/agents/a1`,
      admin({ method: 'PATCH', body: '{"name":' }),
    );
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { message: string } }).error.message).toContain(
      'not valid JSON',
    );
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers 413 JSON for bodies above the admin limit', async () => {
    const { url } = await app({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
    const response = await fetch(
      `${url}/api/datastores/upsert/ds1`,
      admin({
        method: 'POST',
        json: { documents: [{ name: 'big', text: 'x'.repeat(LIMITS.jsonBodyBytes.max) }] },
      }),
    );
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.error.message).toContain(String(LIMITS.jsonBodyBytes.max));
    expect(upstream.requests).toHaveLength(0);
  });

  it('relays all seven operations to the same upstream paths, DELETE with a {} body', async () => {
    const { url } = await app({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
    const calls: Array<[string, string, unknown]> = [
      ['PATCH', '/api/agents/a1', { name: 'A' }],
      ['DELETE', '/api/agents/a1', undefined],
      ['PATCH', '/api/datastores/ds1', { name: 'D' }],
      ['DELETE', '/api/datastores/ds1', {}],
      ['DELETE', '/api/datasources/src1', undefined],
      ['POST', '/api/datastores/update/ds1', { id: 'src1', name: 'Doc', text: 'Hello' }],
      ['POST', '/api/datastores/upsert/ds1', { documents: [{ name: 'Doc', text: 'Hi' }] }],
    ];
    for (const [method, path, json] of calls) {
      const init = json === undefined ? admin({ method }) : admin({ method, json });
      const response = await fetch(`${url}${path}`, init);
      expect(response.status, `${method} ${path}`).toBe(200);
    }
    expect(upstream.requests.map((request) => `${request.method} ${request.url}`)).toEqual(
      calls.map(([method, path]) => `${method} ${path}`),
    );
    expect(upstream.requests[1]?.body).toBe('{}');
    expect(
      upstream.requests.every((r) => r.headers.authorization === `Bearer ${AGENT_TOKEN}`),
    ).toBe(true);
  });

  it("relays a datasource's schedule (PATCH), and refuses a bad one before the upstream", async () => {
    const { url } = await app({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
    const daily = await fetch(
      `${url}/api/datasources/src1`,
      admin({ method: 'PATCH', json: { config: { sync_interval_minutes: 1440 } } }),
    );
    expect(daily.status).toBe(200);
    expect(upstream.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PATCH /api/datasources/src1',
    ]);
    expect(JSON.parse(upstream.requests[0]?.body ?? '')).toEqual({
      config: { sync_interval_minutes: 1440 },
    });
    const hourlyWord = await fetch(
      `${url}/api/datasources/src1`,
      admin({ method: 'PATCH', json: { config: { sync_interval_minutes: 'hourly' } } }),
    );
    expect(hourlyWord.status).toBe(400);
    expect(((await hourlyWord.json()) as { error: { message: string } }).error.message).toMatch(
      /^config\.sync_interval_minutes must be a whole number of minutes/,
    );
    expect(upstream.requests).toHaveLength(1);
  });

  it('keeps the upstream Deprecation header, and adds one on deprecated routes', async () => {
    const { url } = await app({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
    upstream.setReply((_request, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('deprecation', '@1700000000');
      res.setHeader('set-cookie', 'upstream=1');
      res.end('{"ids":["x"]}');
    });
    const kept = await fetch(
      `${url}/api/datastores/upsert/ds1`,
      admin({ method: 'POST', json: { documents: [{ name: 'Doc', text: 'Hi' }] } }),
    );
    expect(kept.headers.get('deprecation')).toBe('@1700000000');
    expect(kept.headers.get('set-cookie')).toBeNull();
    expect(await kept.json()).toEqual({ ids: ['x'] });
    upstream.setReply((_request, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"id":"src1"}');
    });
    const added = await fetch(
      `${url}/api/datastores/update/ds1`,
      admin({ method: 'POST', json: { id: 'src1', name: 'Doc' } }),
    );
    expect(added.headers.get('deprecation')).toBe('true');
    const notDeprecated = await fetch(`${url}/api/agents/a1`, admin({ method: 'DELETE' }));
    expect(notDeprecated.headers.get('deprecation')).toBeNull();
  });

  it('maps upstream errors to JSON: 403 → 502 UPSTREAM_AUTH, raw 500 → 502, 404 kept', async () => {
    const { url } = await app({ upstreamUrl: upstream.url, adminToken: ADMIN_TOKEN });
    upstream.setReply((_request, res) => {
      res.statusCode = 403;
      res.end(`data: [ERROR]UNAUTHORIZED token ${AGENT_TOKEN}`);
    });
    const forbidden = await fetch(`${url}/api/agents/a1`, admin({ method: 'DELETE' }));
    expect(forbidden.status).toBe(502);
    expect(JSON.parse(await expectNoToken(forbidden)).error.code).toBe('UPSTREAM_AUTH');

    upstream.setReply((_request, res) => {
      res.statusCode = 500;
      res.end(`TypeError: cannot read properties of undefined at /srv/app.js ${AGENT_TOKEN}`);
    });
    const crashed = await fetch(`${url}/api/agents/a1`, admin({ method: 'DELETE' }));
    expect(crashed.status).toBe(502);
    const crashedText = await expectNoToken(crashed);
    expect(JSON.parse(crashedText).error.code).toBe('UPSTREAM_ERROR');
    expect(crashedText).not.toContain('TypeError');

    upstream.setReply((_request, res) => {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/json');
      res.end('{"error":{"code":"NOT_FOUND","message":"Agent a1 was not found."}}');
    });
    const missing = await fetch(`${url}/api/agents/a1`, admin({ method: 'DELETE' }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Agent a1 was not found.' },
    });

    upstream.setReply((_request, res) => {
      res.statusCode = 402;
      res.end('{"error":"USAGE_LIMIT"}');
    });
    const limited = await fetch(`${url}/api/agents/a1`, admin({ method: 'DELETE' }));
    expect(limited.status).toBe(402);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('USAGE_LIMIT');
  });

  it('answers 502 when the upstream refuses connections and 504 when it stays silent', async () => {
    const closed = await startFakeUpstream();
    await closed.close();
    const refused = await app({ upstreamUrl: closed.url, adminToken: ADMIN_TOKEN });
    const response = await fetch(`${refused.url}/api/agents/a1`, admin({ method: 'DELETE' }));
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'UPSTREAM_ERROR',
    );

    upstream.setReply(() => {
      // never answers
    });
    const slow = await app({
      upstreamUrl: upstream.url,
      adminToken: ADMIN_TOKEN,
      firstByteTimeoutMs: 150,
    });
    const timedOut = await fetch(`${slow.url}/api/agents/a1`, admin({ method: 'DELETE' }));
    expect(timedOut.status).toBe(504);
    expect(((await timedOut.json()) as { error: { code: string } }).error.code).toBe(
      'UPSTREAM_TIMEOUT',
    );
  });

  it('works mounted under a prefix and with an upstream base path', async () => {
    const { url } = await app(
      { upstreamUrl: `${upstream.url}/v1`, adminToken: ADMIN_TOKEN },
      '/chat',
    );
    const response = await fetch(`${url}/chat/api/datasources/src1`, admin({ method: 'DELETE' }));
    expect(response.status).toBe(200);
    expect(upstream.requests[0]?.url).toBe('/v1/api/datasources/src1');
    const other = await fetch(`${url}/chat/api/agents/a1/unknown`, admin({ method: 'GET' }));
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe(
      'fallthrough',
    );
  });

  it('uses the adminAuth middleware instead of the token when given', async () => {
    const adminAuth: RequestHandler = (req, res, next) => {
      if (req.headers['x-host-session'] === 'valid') next();
      else res.status(403).json({ error: { code: 'FORBIDDEN', message: 'host says no' } });
    };
    const { url } = await app({ upstreamUrl: upstream.url, adminAuth });
    const denied = await fetch(`${url}/api/agents/a1`, admin({ method: 'DELETE' }));
    expect(denied.status).toBe(403);
    const allowed = await fetch(`${url}/api/agents/a1`, {
      method: 'DELETE',
      headers: { 'x-host-session': 'valid' },
    });
    expect(allowed.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${AGENT_TOKEN}`);
  });
});

describe('createAdminRouter (chaindesk dialect guards)', () => {
  let upstream: Upstream;
  const agents: Record<string, Record<string, unknown>> = {};
  const datastores: Record<string, Record<string, unknown>> = {};

  /** A tiny Chaindesk-like upstream with its destructive PATCH semantics. */
  function chaindeskReply(request: Recorded, res: ServerResponse) {
    res.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== `Bearer ${AGENT_TOKEN}`) {
      res.statusCode = 403;
      res.end('{"error":"UNAUTHORIZED"}');
      return;
    }
    const agent = /^\/api\/agents\/([^/]+)$/.exec(request.url);
    const datastore = /^\/api\/datastores\/([^/]+)$/.exec(request.url);
    if (agent?.[1]) {
      const current = agents[agent[1]];
      if (!current) {
        res.statusCode = 404;
        res.end('{"error":"NOT_FOUND"}');
        return;
      }
      if (request.method === 'GET') {
        res.end(JSON.stringify(current));
        return;
      }
      const body = JSON.parse(request.body) as Record<string, unknown>;
      // Chaindesk replaces tools and interfaceConfig with whatever the body has.
      const next = {
        ...current,
        ...body,
        tools: body.tools ?? [],
        interfaceConfig: body.interfaceConfig ?? {},
      };
      agents[agent[1]] = next;
      res.end(JSON.stringify(next));
      return;
    }
    if (datastore?.[1]) {
      if (request.method === 'GET') {
        const current = datastores[datastore[1]];
        res.statusCode = current ? 200 : 404;
        res.end(current ? JSON.stringify(current) : '{"error":"NOT_FOUND"}');
        return;
      }
      const body = JSON.parse(request.body) as Record<string, unknown>;
      // Chaindesk updates the datastore named by the body and flips it private without isPublic.
      const target = String(body.id);
      const current = datastores[target] ?? {};
      const { isPublic, ...rest } = body;
      datastores[target] = { ...current, ...rest, visibility: isPublic ? 'public' : 'private' };
      res.end(JSON.stringify(datastores[target]));
      return;
    }
    res.statusCode = 404;
    res.end('{"error":"NOT_FOUND"}');
  }

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.setReply(chaindeskReply);
  });
  afterAll(async () => {
    await upstream.close();
  });
  afterEach(() => {
    upstream.requests.length = 0;
  });

  const options = () => ({
    upstreamUrl: upstream.url,
    adminToken: ADMIN_TOKEN,
    upstreamDialect: 'chaindesk' as const,
  });

  it('re-sends the current tools and interfaceConfig on an agent PATCH', async () => {
    const tools = [{ type: 'datastore', datastoreId: 'ds1' }];
    const interfaceConfig = { primaryColor: '#123456' };
    agents.a1 = { id: 'a1', name: 'Old', tools, interfaceConfig };
    const { url } = await app(options());
    const response = await fetch(
      `${url}/api/agents/a1`,
      admin({ method: 'PATCH', json: { name: 'New' } }),
    );
    expect(response.status).toBe(200);
    await expectNoToken(response);
    expect(agents.a1).toEqual({ id: 'a1', name: 'New', tools, interfaceConfig });
    expect(upstream.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
  });

  it('refuses an agent PATCH when the current tools cannot be read', async () => {
    agents.bare = { id: 'bare', name: 'No tools field' };
    const { url } = await app(options());
    const response = await fetch(
      `${url}/api/agents/bare`,
      admin({ method: 'PATCH', json: { name: 'New' } }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'tools',
    );
    const missing = await fetch(
      `${url}/api/agents/ghost`,
      admin({ method: 'PATCH', json: { name: 'New' } }),
    );
    expect(missing.status).toBe(404);
    expect(upstream.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('forces the datastore id and keeps its visibility on a datastore PATCH', async () => {
    datastores.pub = { id: 'pub', name: 'Public', visibility: 'public' };
    datastores.other = { id: 'other', name: 'Other', visibility: 'public' };
    const { url } = await app(options());
    const renamed = await fetch(
      `${url}/api/datastores/pub`,
      admin({ method: 'PATCH', json: { name: 'Renamed' } }),
    );
    expect(renamed.status).toBe(200);
    expect(datastores.pub).toEqual({ id: 'pub', name: 'Renamed', visibility: 'public' });
    expect(datastores.other).toEqual({ id: 'other', name: 'Other', visibility: 'public' });

    const mismatch = await fetch(
      `${url}/api/datastores/pub`,
      admin({ method: 'PATCH', json: { id: 'other', name: 'Hijack' } }),
    );
    expect(mismatch.status).toBe(400);
    expect(datastores.other?.name).toBe('Other');

    upstream.requests.length = 0;
    const privateNow = await fetch(
      `${url}/api/datastores/pub`,
      admin({ method: 'PATCH', json: { visibility: 'private' } }),
    );
    expect(privateNow.status).toBe(200);
    expect(datastores.pub?.visibility).toBe('private');
    // The body said what it wanted: no need to read the current datastore.
    expect(upstream.requests.map((r) => r.method)).toEqual(['PATCH']);
    expect(JSON.parse(upstream.requests[0]?.body ?? '')).toMatchObject({
      id: 'pub',
      isPublic: false,
    });
  });
});

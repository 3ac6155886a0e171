import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { createBff } from '../create-bff.js';
import { type LoopbackServer, listenOnLoopback } from '../testing/loopback-server.js';
import { SIGN_IN_ATTEMPTS } from './console-session.js';
import { createSessionTokens } from './session-token.js';

const AGENT_TOKEN = 'agent-secret-token-0123456789';
const ADMIN_TOKEN = 'admin-secret-token-9876543210';
const SECRET = 'console-session-secret-0123456789';
const TTL_MS = 3_600_000;

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let upstream: LoopbackServer;
const received: Recorded[] = [];
let consoleDir: string;

/** A BFF mounted at `mount` in an Express app, behind a loopback server. */
async function startBff(mount: string, extra: Record<string, unknown> = {}) {
  const app = express();
  app.set('trust proxy', 'loopback');
  const bff = createBff({
    upstreamUrl: upstream.url,
    agentApiToken: AGENT_TOKEN,
    adminToken: ADMIN_TOKEN,
    consoleSessionSecret: SECRET,
    consoleSessionTtlMs: TTL_MS,
    consoleDir,
    logger: false,
    ...extra,
  });
  app.use(mount, bff);
  const server = await listenOnLoopback(http.createServer(app));
  return {
    url: `${server.url}${mount === '/' ? '' : mount}`,
    origin: server.url,
    async close() {
      await bff.shutdown(10);
      await server.close();
    },
  };
}

type Bff = Awaited<ReturnType<typeof startBff>>;

async function signIn(bff: Bff, token = ADMIN_TOKEN, headers: Record<string, string> = {}) {
  return fetch(`${bff.url}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: bff.origin, ...headers },
    body: JSON.stringify({ token }),
  });
}

/** Signs in and returns the cookie pair and the CSRF token. */
async function session(bff: Bff) {
  const response = await signIn(bff);
  expect(response.status).toBe(200);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const body = (await response.json()) as { csrfToken: string; expiresAt: string };
  return { cookie: setCookie.split(';')[0] ?? '', csrf: body.csrfToken, setCookie, body };
}

beforeAll(async () => {
  upstream = await listenOnLoopback(
    http.createServer((req, res) => {
      const record = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: '',
      };
      received.push(record);
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        record.body += chunk;
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
    }),
  );
  consoleDir = mkdtempSync(join(tmpdir(), 'agent-chat-console-'));
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(consoleDir, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
});

afterAll(async () => {
  await upstream.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

describe('console pages', () => {
  let bff: Bff;
  beforeAll(async () => {
    bff = await startBff('/chat');
  });
  afterAll(() => bff.close());

  it('serves the page at admin/ (under the mount path) with its own CSP', async () => {
    const redirect = await fetch(`${bff.url}/admin`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(new URL(redirect.headers.get('location') ?? '', `${bff.url}/admin`).pathname).toBe(
      '/chat/admin/',
    );
    const page = await fetch(`${bff.url}/admin/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('<title>console</title>');
  });

  it('serves hashed files immutable, and nothing else', async () => {
    const asset = await fetch(`${bff.url}/admin/assets/index-AbCdEf12.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const path of ['/admin/assets/nothing-AbCdEf12.js', '/admin/assets/..%2Findex.html']) {
      const missing = await fetch(`${bff.url}${path}`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('is off without an admin token: admin/ is left to the host app', async () => {
    const off = await startBff('/', { adminToken: undefined });
    try {
      const page = await fetch(`${off.url}/admin/`);
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain('console');
      const signInOff = await signIn(off);
      expect(signInOff.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('says how to build the console when it is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'agent-chat-console-empty-'));
    const unbuilt = await startBff('/', { consoleDir: empty });
    try {
      const page = await fetch(`${unbuilt.url}/admin/`);
      expect(page.status).toBe(404);
      expect(((await page.json()) as { error: { message: string } }).error.message).toContain(
        'npm run build -w @agent-chat/console',
      );
    } finally {
      await unbuilt.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('console session', () => {
  let bff: Bff;
  beforeAll(async () => {
    bff = await startBff('/chat');
  });
  afterAll(() => bff.close());

  const deleteAgent = (headers: Record<string, string>) =>
    fetch(`${bff.url}/api/agents/agent-1`, { method: 'DELETE', headers });

  it('exchanges the admin token for an httpOnly SameSite=Strict cookie with an expiry', async () => {
    const started = Date.now();
    const { setCookie, body } = await session(bff);
    expect(setCookie).toMatch(/^agent_chat_console=[^;]+; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/chat');
    expect(setCookie).toContain(`Max-Age=${TTL_MS / 1000}`);
    expect(setCookie).not.toContain('Secure');
    expect(setCookie).not.toContain(ADMIN_TOKEN);
    expect(JSON.stringify(body)).not.toContain(ADMIN_TOKEN);
    const expires = Date.parse(body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(started + TTL_MS - 1_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + TTL_MS);
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const response = await signIn(bff, ADMIN_TOKEN, {
      'x-forwarded-proto': 'https',
      origin: bff.origin.replace('http:', 'https:'),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toContain('; Secure');
  });

  it('relays cookie-authenticated calls with the CSRF header and a same-origin Origin', async () => {
    const { cookie, csrf } = await session(bff);
    received.length = 0;
    const response = await deleteAgent({ cookie, 'x-csrf-token': csrf, origin: bff.origin });
    expect(response.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.headers.authorization).toBe(`Bearer ${AGENT_TOKEN}`);
    expect(received[0]?.headers.cookie).toBeUndefined();
    expect(JSON.stringify(received[0]?.headers)).not.toContain(csrf);
  });

  it('reports the current session, and signs out', async () => {
    const { cookie, csrf } = await session(bff);
    const current = await fetch(`${bff.url}/admin/api/session`, { headers: { cookie } });
    expect(current.status).toBe(200);
    expect(((await current.json()) as { csrfToken: string }).csrfToken).toBe(csrf);
    const out = await fetch(`${bff.url}/admin/api/session`, {
      method: 'DELETE',
      headers: { cookie, origin: bff.origin },
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^agent_chat_console=; .*Max-Age=0/);
  });

  it('answers 401 without a cookie, with a tampered cookie and with an expired one', async () => {
    received.length = 0;
    const { cookie, csrf } = await session(bff);
    const none = await deleteAgent({ 'x-csrf-token': csrf, origin: bff.origin });
    expect(none.status).toBe(401);
    expect((await fetch(`${bff.url}/admin/api/session`)).status).toBe(401);

    const value = cookie.slice(cookie.indexOf('=') + 1);
    const [id = '', expiry = '', signature = ''] = value.split('.');
    // One character of the signature replaced by another: writing "AA" over its last two
    // was no change at all when it already ended so (about one run in a thousand).
    const other = signature.charAt(10) === 'A' ? 'B' : 'A';
    const tampered = [
      `${id}.${Number(expiry) + 86_400_000}.${signature}`,
      `${id}x.${expiry}.${signature}`,
      `${id}.${expiry}.${signature.slice(0, 10)}${other}${signature.slice(11)}`,
      'garbage',
    ];
    for (const bad of tampered) {
      const response = await deleteAgent({
        cookie: `agent_chat_console=${bad}`,
        'x-csrf-token': csrf,
        origin: bff.origin,
      });
      expect(response.status).toBe(401);
      const current = await fetch(`${bff.url}/admin/api/session`, {
        headers: { cookie: `agent_chat_console=${bad}` },
      });
      expect(current.status).toBe(401);
    }

    // Signed with the server's own key, but expired a second ago.
    const tokens = createSessionTokens({ secret: SECRET, adminToken: ADMIN_TOKEN, ttlMs: TTL_MS });
    const { session: old, value: expired } = tokens.issue(Date.now() - TTL_MS - 1_000);
    const stale = await deleteAgent({
      cookie: `agent_chat_console=${expired}`,
      'x-csrf-token': tokens.csrfToken(old),
      origin: bff.origin,
    });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    // The same signing, still valid, is accepted: the 401 above is the expiry.
    const { session: fresh, value: valid } = tokens.issue(Date.now());
    const accepted = await deleteAgent({
      cookie: `agent_chat_console=${valid}`,
      'x-csrf-token': tokens.csrfToken(fresh),
      origin: bff.origin,
    });
    expect(accepted.status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('refuses cross-site calls and calls without the CSRF header, even with the cookie', async () => {
    received.length = 0;
    const { cookie, csrf } = await session(bff);
    const refused = [
      { cookie, origin: bff.origin },
      { cookie, 'x-csrf-token': 'not-the-token', origin: bff.origin },
      { cookie, 'x-csrf-token': csrf, origin: 'https://evil.example' },
      { cookie, 'x-csrf-token': csrf },
      { cookie, 'x-csrf-token': csrf, origin: bff.origin, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      const response = await deleteAgent(headers);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    }
    expect(received).toHaveLength(0);
    const crossSiteSignIn = await signIn(bff, ADMIN_TOKEN, { origin: 'https://evil.example' });
    expect(crossSiteSignIn.status).toBe(403);
    expect(crossSiteSignIn.headers.get('set-cookie')).toBeNull();
  });

  it('records the operator named at sign-in as who answered or hid a gap topic', async () => {
    const named = await fetch(`${bff.url}/admin/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: bff.origin },
      body: JSON.stringify({ token: ADMIN_TOKEN, name: '  Ada   Lovelace ' }),
    });
    expect(named.status).toBe(200);
    const body = (await named.json()) as { csrfToken: string; operator: string };
    expect(body.operator).toBe('Ada Lovelace');
    const cookie = (named.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const current = await fetch(`${bff.url}/admin/api/session`, { headers: { cookie } });
    expect(((await current.json()) as { operator: string }).operator).toBe('Ada Lovelace');
    const post = (path: string, payload: unknown, headers: Record<string, string>) =>
      fetch(`${bff.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(payload),
      });
    const console = { cookie, 'x-csrf-token': body.csrfToken, origin: bff.origin };
    const answer = { agentId: 'demo', topicId: 't1', question: 'Refund?', answer: 'Yes.' };
    received.length = 0;
    // The session's operator, whatever the body claims.
    expect(
      (await post('/api/insights/gaps/answer', { ...answer, by: 'Mallory' }, console)).status,
    ).toBe(200);
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ by: 'Ada Lovelace' });
    const hide = { agentId: 'demo', topicId: 't1', questions: ['spam'] };
    expect((await post('/api/insights/gaps/hide', hide, console)).status).toBe(200);
    expect(JSON.parse(received[1]?.body ?? '{}')).toMatchObject({ by: 'Ada Lovelace' });
    // A session without a name acts as the console's operator; a script names itself.
    const unnamed = await session(bff);
    const headers = { cookie: unnamed.cookie, 'x-csrf-token': unnamed.csrf, origin: bff.origin };
    await post('/api/insights/gaps/hide', hide, headers);
    expect(JSON.parse(received[2]?.body ?? '{}')).toMatchObject({ by: 'Console operator' });
    await post(
      '/api/insights/gaps/hide',
      { ...hide, by: 'nightly-script' },
      {
        authorization: `Bearer ${ADMIN_TOKEN}`,
      },
    );
    expect(JSON.parse(received[3]?.body ?? '{}')).toMatchObject({ by: 'nightly-script' });
    const tooLong = await fetch(`${bff.url}/admin/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: bff.origin },
      body: JSON.stringify({ token: ADMIN_TOKEN, name: 'x'.repeat(101) }),
    });
    expect(tooLong.status).toBe(400);
  });

  it('keeps Bearer-token calls working for scripts', async () => {
    received.length = 0;
    const ok = await deleteAgent({ authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(ok.status).toBe(200);
    const wrong = await deleteAgent({ authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect(received).toHaveLength(1);
  });

  it('answers bad sign-in bodies with 400/415, never a crash', async () => {
    const notJson = await fetch(`${bff.url}/admin/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: bff.origin },
      body: '{"token":',
    });
    expect(notJson.status).toBe(400);
    const form = await fetch(`${bff.url}/admin/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: bff.origin },
      body: `token=${ADMIN_TOKEN}`,
    });
    expect(form.status).toBe(415);
  });
});

describe('console sign-in brute force', () => {
  it(`answers 429 after ${SIGN_IN_ATTEMPTS} failed attempts, even for the right token`, async () => {
    const bff = await startBff('/');
    try {
      const good = await signIn(bff);
      expect(good.status).toBe(200);
      for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS; attempt += 1) {
        const response = await signIn(bff, `wrong-token-${attempt}`);
        expect(response.status).toBe(401);
      }
      const limited = await signIn(bff, 'wrong-again');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('900');
      expect(((await limited.json()) as { error: { code: string } }).error.code).toBe(
        'RATE_LIMITED',
      );
      const locked = await signIn(bff);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('set-cookie')).toBeNull();
    } finally {
      await bff.close();
    }
  });
});

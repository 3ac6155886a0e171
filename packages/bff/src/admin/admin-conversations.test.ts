import http from 'node:http';
import { type ApiErrorBody, ERROR_CODES } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff, TEST_TOKEN } from '../testing/bff-harness.js';
import type { CapturedRequest } from '../testing/fault-upstream.js';
import { type LoopbackServer, listenOnLoopback } from '../testing/loopback-server.js';

const adminToken = 'admin-token-for-conversations-0123';
const admin = { authorization: `Bearer ${adminToken}` };

let upstream: LoopbackServer;
let harness: BffHarness;
const requests: CapturedRequest[] = [];
/** Lets the export's last line go out (the export waits for it). */
let finishExport: () => void = () => {};

beforeAll(async () => {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    if (req.url?.startsWith('/api/conversations/export')) {
      res.writeHead(200, {
        'Content-Type': 'application/x-ndjson',
        'Content-Disposition': 'attachment; filename="conversations.jsonl"',
      });
      res.write('{"id":"c1"}\n');
      await new Promise<void>((resolve) => {
        finishExport = resolve;
      });
      res.end('{"id":"c2"}\n');
      return;
    }
    if (req.url === '/api/conversations/missing') {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"error":{"code":"NOT_FOUND","message":"Conversation missing not found"}}');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
  });
  upstream = await listenOnLoopback(server);
  harness = await startBff({ upstreamUrl: upstream.url, adminToken });
});
afterAll(async () => {
  finishExport();
  await harness.close();
  await upstream.close();
});

const call = (method: string, path: string, body?: unknown, headers = admin) =>
  fetch(`${harness.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('admin relay of conversation transcripts', () => {
  it('needs the admin token on every conversation route', async () => {
    const count = requests.length;
    for (const [method, path] of [
      ['GET', '/api/conversations'],
      ['GET', '/api/conversations/export'],
      ['GET', '/api/conversations/c1'],
      ['DELETE', '/api/conversations/c1'],
      ['POST', '/api/conversations/c1/messages'],
      ['POST', '/api/conversations/update-status'],
    ] as const) {
      const response = await call(method, path, undefined, { authorization: 'Bearer wrong' });
      expect(response.status, `${method} ${path}`).toBe(401);
      await response.text();
    }
    expect(requests.length).toBe(count);
  });

  it('lists with the validated query string (unknown parameters dropped), sending no body', async () => {
    const response = await call(
      'GET',
      '/api/conversations?agentId=demo&q=refund%20please&feedback=bad&limit=5&evil=1',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const sent = requests.at(-1);
    expect(sent?.method).toBe('GET');
    expect(sent?.url).toBe('/api/conversations?agentId=demo&q=refund+please&feedback=bad&limit=5');
    expect(sent?.body).toBe('');
    expect(sent?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    const bad = await call('GET', '/api/conversations?limit=abc');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.message).toContain('limit');
  });

  it('streams an export through before the upstream has finished it', async () => {
    const response = await call('GET', '/api/conversations/export?format=jsonl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('content-disposition')).toContain('conversations.jsonl');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('{"id":"c1"}\n');
    finishExport();
    let rest = '';
    for (let step = await reader.read(); !step.done; step = await reader.read()) {
      rest += new TextDecoder().decode(step.value);
    }
    expect(rest).toBe('{"id":"c2"}\n');
    expect(requests.at(-1)?.url).toBe('/api/conversations/export?format=jsonl');
  });

  it('relays get, delete, operator replies and status changes with validated bodies', async () => {
    expect((await call('GET', '/api/conversations/c1')).status).toBe(200);
    expect(requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/conversations/c1' });
    expect((await call('DELETE', '/api/conversations/c1')).status).toBe(200);
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/conversations/c1' });
    const reply = await call('POST', '/api/conversations/c1/messages', { text: 'Hi, Sam here.' });
    expect(reply.status).toBe(200);
    expect(JSON.parse(requests.at(-1)?.body ?? '')).toEqual({ text: 'Hi, Sam here.' });
    const status = await call('POST', '/api/conversations/update-status', {
      conversationId: 'c1',
      status: 'open',
    });
    expect(status.status).toBe(200);
    expect(requests.at(-1)?.url).toBe('/api/conversations/update-status');

    const count = requests.length;
    const blank = await call('POST', '/api/conversations/c1/messages', { text: '  ' });
    expect(blank.status).toBe(400);
    const wrongStatus = await call('POST', '/api/conversations/update-status', {
      conversationId: 'c1',
      status: 'closed',
    });
    expect(wrongStatus.status).toBe(400);
    expect((await call('GET', '/api/conversations/bad.id')).status).toBe(400);
    expect(requests.length).toBe(count);
  });

  it("keeps the upstream's 404", async () => {
    const response = await call('GET', '/api/conversations/missing');
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe(ERROR_CODES.notFound);
  });
});

import http from 'node:http';
import { type ApiErrorBody, ERROR_CODES } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff, TEST_TOKEN } from '../testing/bff-harness.js';
import type { CapturedRequest } from '../testing/fault-upstream.js';
import { type LoopbackServer, listenOnLoopback } from '../testing/loopback-server.js';

const adminToken = 'admin-token-for-insights-0123456789';
const admin = { authorization: `Bearer ${adminToken}` };

let upstream: LoopbackServer;
let harness: BffHarness;
const requests: CapturedRequest[] = [];

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
    if (req.url?.includes('agentId=gone')) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`database exploded near ${TEST_TOKEN}`);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"queries":3,"days":[]}');
  });
  upstream = await listenOnLoopback(server);
  harness = await startBff({ upstreamUrl: upstream.url, adminToken });
});

afterAll(async () => {
  await harness.close();
  await upstream.close();
});

const get = (path: string, headers: Record<string, string> = admin) =>
  fetch(`${harness.url}${path}`, { headers });

describe('admin relay of GET /api/insights', () => {
  it('needs the admin token, and asks nothing upstream without it', async () => {
    const count = requests.length;
    for (const headers of [{}, { authorization: 'Bearer wrong' }]) {
      const response = await get('/api/insights', headers);
      expect(response.status).toBe(401);
      expect(((await response.json()) as ApiErrorBody).error.code).toBe(ERROR_CODES.unauthorized);
    }
    expect(requests.length).toBe(count);
  });

  it('relays the validated query string (dates normalised, unknown parameters dropped) with the upstream token', async () => {
    const response = await get('/api/insights?agentId=demo&from=2026-01-01&to=2026-02-01&evil=1');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ queries: 3, days: [] });
    const sent = requests.at(-1);
    expect(sent).toMatchObject({
      method: 'GET',
      url: '/api/insights?agentId=demo&from=2026-01-01T00%3A00%3A00.000Z&to=2026-02-01T00%3A00%3A00.000Z',
      body: '',
    });
    expect(sent?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('refuses a bad range with 400 before calling upstream, and never shows the token', async () => {
    const count = requests.length;
    for (const search of ['?from=2026-02-01&to=2026-01-01', '?from=yesterday', '?agentId=a%20b']) {
      const response = await get(`/api/insights${search}`);
      expect(response.status, search).toBe(400);
      expect(((await response.json()) as ApiErrorBody).error.code).toBe(ERROR_CODES.invalidRequest);
    }
    expect(requests.length).toBe(count);
    const failed = await get('/api/insights?agentId=gone');
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await failed.text()).not.toContain(TEST_TOKEN);
  });
});

describe('admin relay of the content-gap topics', () => {
  it('relays the topics query, validated, and refuses bad dates before calling upstream', async () => {
    const response = await get('/api/insights/gaps?agentId=demo&from=2026-01-01&limit=5&evil=1');
    expect(response.status).toBe(200);
    expect(requests.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/insights/gaps?agentId=demo&from=2026-01-01T00%3A00%3A00.000Z&limit=5',
    });
    const count = requests.length;
    for (const search of [
      '?agentId=demo&from=yesterday',
      '?from=2026-01-01',
      '?agentId=demo&limit=0',
    ]) {
      expect((await get(`/api/insights/gaps${search}`)).status, search).toBe(400);
    }
    expect((await get('/api/insights/gaps?agentId=demo', {})).status).toBe(401);
    expect(requests.length).toBe(count);
  });

  it('relays an answer and a hide with the upstream token, and refuses a bad body', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${harness.url}${path}`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const answer = { agentId: 'demo', topicId: 't1', question: 'Refund?', answer: 'Yes.' };
    expect((await post('/api/insights/gaps/answer', answer)).status).toBe(200);
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/insights/gaps/answer' });
    expect(JSON.parse(requests.at(-1)?.body ?? '{}')).toEqual(answer);
    expect(requests.at(-1)?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    const hide = { agentId: 'demo', topicId: 't1', questions: ['spam'] };
    expect((await post('/api/insights/gaps/hide', hide)).status).toBe(200);
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/insights/gaps/hide' });
    const unhide = { agentId: 'demo', topicId: 't1', from: '2030-01-01T00:00:00.000Z' };
    expect((await post('/api/insights/gaps/unhide', unhide)).status).toBe(200);
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/insights/gaps/unhide' });
    expect(JSON.parse(requests.at(-1)?.body ?? '{}')).toEqual(unhide);
    const count = requests.length;
    expect((await post('/api/insights/gaps/answer', { ...answer, answer: ' ' })).status).toBe(400);
    expect(requests.length).toBe(count);
  });
});

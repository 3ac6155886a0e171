import http from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type LoopbackServer, listenOnLoopback } from '../testing/loopback-server.js';
import { createAdminRouter } from './index.js';

const AGENT_TOKEN = 'agent-secret-token-0123456789';
const ADMIN_TOKEN = 'admin-secret-token-9876543210';

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

let upstream: LoopbackServer;
let bff: LoopbackServer;
let disabled: LoopbackServer;
const received: Recorded[] = [];

beforeAll(async () => {
  upstream = await listenOnLoopback(
    http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.statusCode = req.method === 'POST' ? 201 : 200;
        res.setHeader('content-type', 'application/json');
        res.end(
          req.method === 'GET' && req.url === '/api/agents' ? '[{"id":"a1"}]' : '{"id":"a1"}',
        );
      });
    }),
  );
  const app = express();
  app.use(
    createAdminRouter({
      upstreamUrl: upstream.url,
      agentApiToken: AGENT_TOKEN,
      adminToken: ADMIN_TOKEN,
      logger: false,
    }),
  );
  bff = await listenOnLoopback(http.createServer(app));
  const off = express();
  off.use(
    createAdminRouter({ upstreamUrl: upstream.url, agentApiToken: AGENT_TOKEN, logger: false }),
  );
  disabled = await listenOnLoopback(http.createServer(off));
});

afterAll(async () => {
  await Promise.all([bff.close(), disabled.close(), upstream.close()]);
});

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('agent directory relay', () => {
  it('lists, creates and reads agents with the agent token', async () => {
    received.length = 0;
    const list = await fetch(`${bff.url}/api/agents`, { headers: admin });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([{ id: 'a1' }]);
    const created = await fetch(`${bff.url}/api/agents`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Support', temperature: 0.2, unknown: 'dropped' }),
    });
    expect(created.status).toBe(201);
    const read = await fetch(`${bff.url}/api/agents/a1`, { headers: admin });
    expect(read.status).toBe(200);
    expect(received.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/agents',
      'POST /api/agents',
      'GET /api/agents/a1',
    ]);
    expect(received.every((request) => request.authorization === `Bearer ${AGENT_TOKEN}`)).toBe(
      true,
    );
    expect(JSON.parse(received[1]?.body ?? '')).toEqual({ name: 'Support', temperature: 0.2 });
  });

  it('refuses what is not an admin, a valid body or a valid id, without calling upstream', async () => {
    received.length = 0;
    expect((await fetch(`${bff.url}/api/agents`)).status).toBe(401);
    const noName = await fetch(`${bff.url}/api/agents`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ temperature: 5 }),
    });
    expect(noName.status).toBe(400);
    expect(((await noName.json()) as { error: { message: string } }).error.message).toMatch(
      /name|temperature/,
    );
    expect((await fetch(`${bff.url}/api/agents/bad%20id`, { headers: admin })).status).toBe(400);
    expect(received).toEqual([]);
  });

  it('answers 404 when admin routes are disabled', async () => {
    expect((await fetch(`${disabled.url}/api/agents`, { headers: admin })).status).toBe(404);
    const create = await fetch(`${disabled.url}/api/agents`, { method: 'POST', headers: admin });
    expect(create.status).toBe(404);
  });
});

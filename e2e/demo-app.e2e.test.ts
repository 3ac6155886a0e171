import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createDemoApp } from '../scripts/demo/demo-app.js';
import { afterAll, beforeAll } from '../testing/set-up-hooks.js';

// The demo site of `npm start`, in this process (no agent service: nothing here reaches it).
let server: Server;
let origin: string;

beforeAll(async () => {
  const { app } = createDemoApp({
    agentId: 'demo',
    upstreamUrl: 'http://127.0.0.1:9',
    agentApiToken: 'demo-app-test-token',
    adminToken: 'demo-app-test-admin-token',
    allowedAgents: ['demo'],
    logger: false,
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the demo site', () => {
  it('serves the demo page at /', async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api/agents/demo/query'],
    ['GET', '/no/such/page'],
  ])('answers %s %s with the JSON 404 of the API, not an HTML page', async (method, path) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      ...(method === 'POST' ? { headers: { 'Content-Type': 'application/json' }, body: '{}' } : {}),
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: `There is no ${method} ${path} on this server.` },
    });
  });
});

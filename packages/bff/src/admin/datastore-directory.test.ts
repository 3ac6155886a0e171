import http from 'node:http';
import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type LoopbackServer, listenOnLoopback } from '../testing/loopback-server.js';
import { createAdminRouter } from './index.js';

const ADMIN_TOKEN = 'datastore-admin-token-0123456789';

let service: RunningAgentService;
let apiKey: string;
let bff: LoopbackServer;
let disabled: LoopbackServer;

beforeAll(async () => {
  service = await startAgentService({ port: 0, database: await createTestDatabase() });
  apiKey = (await service.seedDemo()).apiKey;
  const app = express();
  app.use(
    createAdminRouter({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      adminToken: ADMIN_TOKEN,
      logger: false,
    }),
  );
  bff = await listenOnLoopback(http.createServer(app));
  const off = express();
  off.use(createAdminRouter({ upstreamUrl: service.url, agentApiToken: apiKey, logger: false }));
  disabled = await listenOnLoopback(http.createServer(off));
});

afterAll(async () => {
  await Promise.all([bff?.close(), disabled?.close()]);
  await service?.close();
});

const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

describe('datastore directory relay (against the agent service)', () => {
  it('creates a datastore (unknown fields dropped) and lists it with the seeded one', async () => {
    const created = await fetch(`${bff.url}/api/datastores`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ name: 'Returns policy', description: 'Docs', extra: 1 }),
    });
    expect(created.status).toBe(201);
    const datastore = (await created.json()) as { id: string; name: string };
    expect(datastore).toMatchObject({ name: 'Returns policy', description: 'Docs' });
    const list = await fetch(`${bff.url}/api/datastores`, { headers: admin });
    const text = await list.text();
    expect(list.status).toBe(200);
    expect(text).not.toContain(apiKey);
    const names = (JSON.parse(text) as { id: string; name: string }[]).map((item) => item.name);
    expect(names).toContain('Returns policy');
    expect(names.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a missing admin token and a body without a name, before the upstream', async () => {
    expect((await fetch(`${bff.url}/api/datastores`)).status).toBe(401);
    const unnamed = await fetch(`${bff.url}/api/datastores`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ description: 'no name' }),
    });
    expect(unnamed.status).toBe(400);
    const body = (await unnamed.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INVALID_REQUEST');
    expect(body.error.message).toContain('name');
  });

  it('answers 404 when admin routes are disabled', async () => {
    expect((await fetch(`${disabled.url}/api/datastores`, { headers: admin })).status).toBe(404);
    const create = await fetch(`${disabled.url}/api/datastores`, {
      method: 'POST',
      headers: admin,
      body: '{"name":"x"}',
    });
    expect(create.status).toBe(404);
  });
});

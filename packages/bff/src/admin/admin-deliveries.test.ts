import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import type { DeliveryListResponse } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type RunningBff, startBff } from '../server.js';

const ADMIN_TOKEN = 'deliveries-admin-token-0123456789';

/** The delivery log through the BFF, from a real agent service whose webhook is refused. */
describe('admin relay of GET /api/deliveries', () => {
  let service: RunningAgentService;
  let bff: RunningBff;

  beforeAll(async () => {
    service = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      // A loopback receiver without ALLOW_PRIVATE_URLS: every event fails at once, for good.
      webhook: { url: 'http://127.0.0.1:9/hooks', secret: 'a-webhook-secret-of-32-characters' },
      outbox: { pollMs: 50 },
    });
    const { apiKey } = await service.seedDemo();
    bff = await startBff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      adminToken: ADMIN_TOKEN,
      logger: false,
      port: 0,
    });
  });
  afterAll(async () => {
    await bff?.close();
    await service?.close();
  });

  const get = (path: string, token = ADMIN_TOKEN) =>
    fetch(`${bff.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('lists failed deliveries with their reason, filtered and paged', async () => {
    await expect
      .poll(async () => {
        const response = await get('/api/deliveries?status=failed&kind=webhook&limit=1');
        return ((await response.json()) as DeliveryListResponse).deliveries.length;
      })
      .toBe(1);
    const page = (await (
      await get('/api/deliveries?status=failed&kind=webhook&limit=1')
    ).json()) as DeliveryListResponse;
    expect(page.deliveries[0]).toMatchObject({
      kind: 'webhook',
      topic: 'datasource.synched',
      target: 'http://127.0.0.1:9/hooks',
      status: 'failed',
      attempts: 1,
      lastError: expect.stringMatching(/loopback address/),
    });
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('needs the admin token and refuses a bad query before calling upstream', async () => {
    expect((await get('/api/deliveries', 'wrong-token-0123456789')).status).toBe(401);
    const bad = await get('/api/deliveries?status=lost');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/status must be one of: pending, delivered, failed/);
  });
});

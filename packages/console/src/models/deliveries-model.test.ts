import type { Delivery } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { createApiClient } from './api-client.js';
import { createDeliveriesModel } from './deliveries-model.js';

const delivery = (id: string, status: Delivery['status']): Delivery => ({
  id,
  kind: 'mail',
  topic: 'mail.handoff',
  target: 'ops@example.com',
  summary: 'A visitor asks for a person (Helper)',
  conversationId: 'c1',
  status,
  attempts: status === 'failed' ? 8 : 1,
  nextAttemptAt: null,
  lastError: status === 'failed' ? 'SMTP: connect ECONNREFUSED' : null,
  deliveredAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
});

function setup() {
  const server = createControlledFetch();
  const model = createDeliveriesModel(
    createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
  );
  return { server, model };
}

describe('deliveries', () => {
  it('loads the newest page, filters by status, and appends older pages by cursor', async () => {
    const { server, model } = setup();
    const first = model.load();
    expect(model.loading.value).toBe(true);
    (await server.take('GET api/deliveries?limit=50')).respond(200, {
      deliveries: [delivery('d2', 'delivered')],
      nextCursor: '7',
    });
    await first;
    expect(model.deliveries.value.map((entry) => entry.id)).toEqual(['d2']);
    expect(model.hasMore.value).toBe(true);

    const older = model.more();
    (await server.take('GET api/deliveries?limit=50&cursor=7')).respond(200, {
      deliveries: [delivery('d1', 'failed')],
      nextCursor: null,
    });
    await older;
    expect(model.deliveries.value.map((entry) => entry.id)).toEqual(['d2', 'd1']);
    expect(model.hasMore.value).toBe(false);

    const failed = model.load('failed');
    (await server.take('GET api/deliveries?limit=50&status=failed')).respond(200, {
      deliveries: [delivery('d1', 'failed')],
      nextCursor: null,
    });
    await failed;
    expect(model.status.value).toBe('failed');
    expect(model.deliveries.value[0]?.lastError).toBe('SMTP: connect ECONNREFUSED');
  });

  it('says when the log could not be loaded, and keeps only the latest answer', async () => {
    const { server, model } = setup();
    const stale = model.load('pending');
    const fresh = model.load('');
    const pending = await server.take('GET api/deliveries?limit=50&status=pending');
    (await server.take('GET api/deliveries?limit=50')).respond(500, {
      error: { code: 'INTERNAL', message: 'Database unavailable.' },
    });
    pending.respond(200, { deliveries: [delivery('d9', 'pending')], nextCursor: null });
    await Promise.all([stale, fresh]);
    expect(model.deliveries.value).toEqual([]);
    expect(model.error.value).toBe('The deliveries could not be loaded: Database unavailable.');
    expect(model.loading.value).toBe(false);
  });
});

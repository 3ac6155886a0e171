import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type RunningBff, startBff } from '../server.js';

const ADMIN_TOKEN = 'integration-admin-token-0123456789';

/** The admin relay end to end: BFF (startBff) → our agent service, over real HTTP. */
describe('admin routes against the agent service', () => {
  let service: RunningAgentService;
  let bff: RunningBff;
  let apiKey: string;
  let datastoreId: string;

  beforeAll(async () => {
    service = await startAgentService({ port: 0, database: await createTestDatabase() });
    const seeded = await service.seedDemo();
    apiKey = seeded.apiKey;
    datastoreId = seeded.datastoreId;
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

  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${bff.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(text).not.toContain(apiKey);
    for (const [, value] of response.headers) expect(value).not.toContain(apiKey);
    return { status: response.status, headers: response.headers, json: JSON.parse(text) as never };
  }

  it('updates the agent and the datastore', async () => {
    const agent = await call('PATCH', '/api/agents/demo', {
      description: 'Updated through the BFF',
      temperature: 0.3,
    });
    expect(agent.status).toBe(200);
    expect(agent.json).toMatchObject({
      id: 'demo',
      description: 'Updated through the BFF',
      temperature: 0.3,
    });
    const datastore = await call('PATCH', `/api/datastores/${datastoreId}`, { name: 'Docs v2' });
    expect(datastore.status).toBe(200);
    expect(datastore.json).toMatchObject({ id: datastoreId, name: 'Docs v2' });
  });

  it('upserts, updates and deletes a datasource through the deprecated routes', async () => {
    const upsert = await call('POST', `/api/datastores/upsert/${datastoreId}`, {
      documents: [{ name: 'Shipping', text: 'We ship parcels to the moon within 3 days.' }],
    });
    expect(upsert.status).toBe(200);
    expect(upsert.headers.get('deprecation')).toBeTruthy();
    const [id] = (upsert.json as { ids: string[] }).ids;
    expect(id).toEqual(expect.any(String));
    const update = await call('POST', `/api/datastores/update/${datastoreId}`, {
      id,
      name: 'Shipping (updated)',
      text: 'We ship parcels to Mars within 9 days.',
    });
    expect(update.status).toBe(200);
    expect(update.json).toEqual({ id });
    const removed = await call('DELETE', `/api/datasources/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ id, name: 'Shipping (updated)' });
    const again = await call('DELETE', `/api/datasources/${id}`);
    expect(again.status).toBe(404);
    expect((again.json as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('relays validation before the upstream and the upstream 404s', async () => {
    const invalid = await call('PATCH', '/api/agents/demo', { modelName: 'gpt_9' });
    expect(invalid.status).toBe(400);
    expect((invalid.json as { error: { message: string } }).error.message).toContain('modelName');
    const missing = await call('DELETE', '/api/agents/no-such-agent');
    expect(missing.status).toBe(404);
  });

  it('relays the datastore search (LangChain’s ChaindeskRetriever route) behind the admin token', async () => {
    const found = await call('POST', `/api/datastores/${datastoreId}/query`, {
      query: 'How do I embed the widget?',
      topK: 2,
      tags: ['dropped'],
    });
    expect(found.status).toBe(200);
    const { results } = found.json as {
      results: { text: string; score: number; source: string | null; datasource_name: string }[];
    };
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ text: expect.stringContaining('<script') });
    expect(results[0]?.score).toBeGreaterThanOrEqual(results[1]?.score ?? 0);

    const anonymous = await fetch(`${bff.url}/api/datastores/${datastoreId}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"widget"}',
    });
    expect(anonymous.status).toBe(401);

    const invalid = await call('POST', `/api/datastores/${datastoreId}/query`, {
      query: 'widget',
      topK: 0,
    });
    expect(invalid.status).toBe(400);
    expect((invalid.json as { error: { message: string } }).error.message).toBe(
      'topK must be a positive integer',
    );
    const widened = await call('POST', `/api/datastores/${datastoreId}/query`, {
      query: 'widget',
      filters: { datastore_ids: ['another-store'] },
    });
    expect(widened.status).toBe(403);
    expect(widened.json).toMatchObject({
      error: { code: 'FORBIDDEN', message: expect.stringContaining('"another-store"') },
    });
    const missing = await call('POST', '/api/datastores/no-such-store/query', { query: 'widget' });
    expect(missing.status).toBe(404);

    // The route's own body limit (128 KiB), refused before anything is relayed.
    const tooLarge = await fetch(`${bff.url}/api/datastores/${datastoreId}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'widget', padding: 'x'.repeat(130 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('deletes the agent and the datastore', async () => {
    const agent = await call('DELETE', '/api/agents/demo');
    expect(agent.status).toBe(200);
    expect(agent.json).toMatchObject({ id: 'demo' });
    const datastore = await call('DELETE', `/api/datastores/${datastoreId}`);
    expect(datastore.status).toBe(200);
    expect(datastore.json).toMatchObject({ id: datastoreId });
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../testing/index.js';
import {
  expectError,
  startTwoOrganizations,
  type TwoOrganizations,
} from '../testing/two-organizations.js';

let { service, alice, bob } = {} as TwoOrganizations;

beforeAll(async () => {
  ({ service, alice, bob } = await startTwoOrganizations());
});

afterAll(async () => {
  await service.close();
});

describe('authentication', () => {
  it('answers 401 without a key, with a malformed header and with an unknown key', async () => {
    for (const path of ['/api/agents', '/api/datastores', '/api/datasources/x']) {
      expectError(await createApiClient(service.url)('GET', path), 401, 'UNAUTHORIZED');
    }
    const response = await fetch(`${service.url}/api/agents`, {
      headers: { authorization: 'Basic abc' },
    });
    expect(response.status).toBe(401);
    expectError(
      await createApiClient(service.url, 'acs_not-a-real-key-at-all')('GET', '/api/agents'),
      401,
      'UNAUTHORIZED',
      /not valid/,
    );
    expectError(
      await createApiClient(service.url)('POST', '/api/agents/x/query', { query: 'hi' }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('stores API keys only as their SHA-256 hash', async () => {
    const { organizationId, apiKey } = await service.createOrganization('Hashed');
    const rows = await service.database.query<{ key_hash: string }>(
      'SELECT key_hash FROM api_keys WHERE organization_id = $1',
      [organizationId],
    );
    expect(rows).toEqual([{ key_hash: createHash('sha256').update(apiKey).digest('hex') }]);
    const everything = await service.database.query<{ dump: string }>(
      `SELECT string_agg(t::text, ' ') AS dump FROM (
         SELECT row_to_json(k)::text AS t FROM api_keys k
         UNION ALL SELECT row_to_json(o)::text FROM organizations o) rows`,
    );
    expect(everything[0]?.dump).not.toContain(apiKey);
    expect((await createApiClient(service.url, apiKey)('GET', '/api/agents')).status).toBe(200);
  });

  it('keeps each organization to its own resources (404, no existence leak)', async () => {
    const datastore = (await alice('POST', '/api/datastores', { name: 'Private' })).body;
    const agent = (
      await alice('POST', '/api/agents', { name: 'Secret', datastoreIds: [datastore.id] })
    ).body;
    const [source] = (
      await alice('POST', `/api/datastores/upsert/${datastore.id}`, {
        documents: [{ name: 'a.txt', text: 'alice only' }],
      })
    ).body.ids;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/agents/${agent.id}`],
      ['PATCH', `/api/agents/${agent.id}`, { name: 'Mine' }],
      ['DELETE', `/api/agents/${agent.id}`, {}],
      ['POST', `/api/agents/${agent.id}/query`, { query: 'alice' }],
      ['GET', `/api/datastores/${datastore.id}`],
      ['GET', `/api/datastores/${datastore.id}/datasources`],
      ['PATCH', `/api/datastores/${datastore.id}`, { name: 'Mine' }],
      ['DELETE', `/api/datastores/${datastore.id}`, {}],
      ['POST', `/api/datastores/upsert/${datastore.id}`, { documents: [{ name: 'x', text: 'y' }] }],
      ['POST', `/api/datastores/update/${datastore.id}`, { id: source, name: 'x', text: 'y' }],
      ['GET', `/api/datasources/${source}`],
      ['DELETE', `/api/datasources/${source}`, {}],
    ];
    for (const [method, path, body] of attempts) {
      const response = await bob(method, path, body);
      expectError(response, 404, 'NOT_FOUND');
    }
    expect((await bob('GET', '/api/agents')).body).toEqual([]);
    expect((await bob('GET', '/api/datastores')).body).toEqual([]);
    expectError(
      await bob('POST', '/api/agents', { name: 'Steal', datastoreIds: [datastore.id] }),
      404,
      'NOT_FOUND',
    );
    expect((await bob('GET', '/api/agents')).body).toEqual([]);
    expect((await alice('GET', `/api/agents/${agent.id}`)).body.name).toBe('Secret');
    expect((await alice('GET', `/api/datasources/${source}`)).body.name).toBe('a.txt');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  startTwoOrganizations,
  type TwoOrganizations,
} from '../testing/two-organizations.js';

let { service, alice } = {} as TwoOrganizations;

beforeAll(async () => {
  ({ service, alice } = await startTwoOrganizations());
});

afterAll(async () => {
  await service.close();
});

describe('datastores', () => {
  it('creates, lists, gets, updates and deletes a datastore', async () => {
    const created = await alice('POST', '/api/datastores', {
      name: 'Handbook',
      description: 'Company handbook',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      name: 'Handbook',
      description: 'Company handbook',
      type: 'qdrant',
      visibility: 'private',
    });
    const id = created.body.id;
    expect((await alice('GET', `/api/datastores/${id}`)).body).toEqual(created.body);
    expect((await alice('GET', '/api/datastores')).body).toContainEqual(created.body);

    const renamed = await alice('PATCH', `/api/datastores/${id}`, { name: 'Handbook 2' });
    expect(renamed.body).toMatchObject({ name: 'Handbook 2', visibility: 'private' });
    const published = await alice('PATCH', `/api/datastores/${id}`, { isPublic: true, id });
    expect(published.body.visibility).toBe('public');
    expectError(
      await alice('PATCH', `/api/datastores/${id}`, { id: 'another' }),
      400,
      'INVALID_REQUEST',
      /id/,
    );
    expectError(
      await alice('PATCH', `/api/datastores/${id}`, { type: 'pinecone' }),
      400,
      'INVALID_REQUEST',
      /type must be one of: qdrant/,
    );
    const deleted = await alice('DELETE', `/api/datastores/${id}`, {});
    expect(deleted.body).toEqual(published.body);
    expectError(await alice('GET', `/api/datastores/${id}`), 404, 'NOT_FOUND');
  });

  it('cascades a datastore delete to its datasources, chunks and agent links', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Cascade' })).body;
    const agent = (await alice('POST', '/api/agents', { name: 'C', datastoreIds: [store.id] }))
      .body;
    const { ids } = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [
          { name: 'a.txt', text: 'Alpha text.' },
          { name: 'b.txt', text: 'Beta text.' },
        ],
      })
    ).body;
    await alice('DELETE', `/api/datastores/${store.id}`, {});
    for (const id of ids)
      expectError(await alice('GET', `/api/datasources/${id}`), 404, 'NOT_FOUND');
    const leftovers = await service.database.query(
      'SELECT 1 FROM chunks WHERE datastore_id = $1 UNION ALL SELECT 1 FROM datasources WHERE datastore_id = $1',
      [store.id],
    );
    expect(leftovers).toEqual([]);
    expect((await alice('GET', `/api/agents/${agent.id}`)).body.datastoreIds).toEqual([]);
  });
});

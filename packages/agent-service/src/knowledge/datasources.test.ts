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

describe('datasources', () => {
  it('upserts documents into synched datasources and marks the deprecated route', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Upserts' })).body;
    const response = await alice('POST', `/api/datastores/upsert/${store.id}`, {
      documents: [
        { name: 'one.md', text: '# One\n\nThe first document.', metadata: { custom_id: 'c1' } },
        { name: 'two.txt', text: 'The second document.' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBe('true');
    expect(response.body.ids).toHaveLength(2);
    const list = (await alice('GET', `/api/datastores/${store.id}/datasources`)).body;
    expect(list.map((d: { id: string }) => d.id)).toEqual(response.body.ids);
    const [one, two] = list;
    expect(one).toMatchObject({
      type: 'text',
      name: 'one.md',
      status: 'synched',
      config: { custom_id: 'c1' },
      datastoreId: store.id,
    });
    expect(one.groupId).toBeTruthy();
    expect(two.groupId).toBe(one.groupId);
    expect(Date.parse(one.lastSynch)).not.toBeNaN();
    expect(Date.parse(one.updatedAt)).toBeGreaterThanOrEqual(Date.parse(one.createdAt));
    expect((await alice('GET', `/api/datasources/${one.id}`)).body).toEqual(one);

    const chunks = await service.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM chunks WHERE datasource_id = $1',
      [one.id],
    );
    expect(chunks[0]?.count).toBeGreaterThan(0);
  });

  it('marks a document that cannot be indexed as error, with the reason, and no chunks', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Bad docs' })).body;
    const { ids } = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'empty.txt', text: ' \n --- \n ' }],
      })
    ).body;
    const datasource = (await alice('GET', `/api/datasources/${ids[0]}`)).body;
    expect(datasource.status).toBe('error');
    expect(datasource.config.errorMessage).toMatch(/no words/);
    expect(datasource.lastSynch).toBeNull();
    const chunks = await service.database.query('SELECT 1 FROM chunks WHERE datasource_id = $1', [
      ids[0],
    ]);
    expect(chunks).toEqual([]);
  });

  it('drops the old chunks when an update cannot be indexed (no answers from stale text)', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Stale' })).body;
    const agent = (await alice('POST', '/api/agents', { name: 'S', datastoreIds: [store.id] }))
      .body;
    const [id] = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'walrus.txt', text: 'Walruses sleep on ice floes.' }],
      })
    ).body.ids;
    const before = (await alice('GET', `/api/datasources/${id}`)).body;
    expect(
      (await alice('POST', `/api/agents/${agent.id}/query`, { query: 'walruses' })).body.sources,
    ).toHaveLength(1);
    const update = await alice('POST', `/api/datastores/update/${store.id}`, {
      id,
      name: 'walrus.txt',
      text: ' -- ** -- ',
    });
    expect(update.status).toBe(200);
    const after = (await alice('GET', `/api/datasources/${id}`)).body;
    expect(after.status).toBe('error');
    expect(after.config.errorMessage).toMatch(/no words/);
    expect(after.lastSynch).toBe(before.lastSynch);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const stale = await alice('POST', `/api/agents/${agent.id}/query`, { query: 'walruses' });
    expect(stale.body.sources).toEqual([]);
    const chunks = await service.database.query('SELECT 1 FROM chunks WHERE datasource_id = $1', [
      id,
    ]);
    expect(chunks).toEqual([]);

    await alice('POST', `/api/datastores/update/${store.id}`, {
      id,
      name: 'walrus.txt',
      text: 'Walruses use their tusks to climb.',
    });
    const fixed = (await alice('GET', `/api/datasources/${id}`)).body;
    expect(fixed.status).toBe('synched');
    expect(fixed.config.errorMessage).toBeUndefined();
    expect(Date.parse(fixed.lastSynch)).toBeGreaterThan(Date.parse(before.lastSynch));
  });

  it('updates a datasource through the deprecated update route and re-indexes it', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Updates' })).body;
    const agent = (await alice('POST', '/api/agents', { name: 'U', datastoreIds: [store.id] }))
      .body;
    const [id] = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'old.txt', text: 'Penguins live in Antarctica.' }],
      })
    ).body.ids;
    const before = (await alice('GET', `/api/datasources/${id}`)).body;
    const response = await alice('POST', `/api/datastores/update/${store.id}`, {
      id,
      name: 'new.txt',
      text: 'Camels live in deserts.',
      metadata: { custom_id: 'camels', source_url: 'https://example.com/camels' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBe('true');
    expect(response.body).toEqual({ id });
    const after = (await alice('GET', `/api/datasources/${id}`)).body;
    expect(after).toMatchObject({
      name: 'new.txt',
      status: 'synched',
      config: { custom_id: 'camels' },
    });
    expect(Date.parse(after.lastSynch)).toBeGreaterThanOrEqual(Date.parse(before.lastSynch));
    const penguins = await alice('POST', `/api/agents/${agent.id}/query`, { query: 'penguins' });
    expect(penguins.body.sources).toEqual([]);
    const camels = await alice('POST', `/api/agents/${agent.id}/query`, { query: 'camels' });
    expect(camels.body.sources[0]).toMatchObject({
      datasource_id: id,
      datasource_name: 'new.txt',
      source_url: 'https://example.com/camels',
      custom_id: 'camels',
    });
    expectError(
      await alice('POST', `/api/datastores/update/${store.id}`, { id: 'missing', name: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await alice('POST', `/api/datastores/update/${store.id}`, { id, name: '' }),
      400,
      'INVALID_REQUEST',
      /name must not be empty/,
    );
  });

  it('rejects invalid upserts with 400 and an unknown datastore with 404', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Strict' })).body;
    const empty = await alice('POST', `/api/datastores/upsert/${store.id}`, { documents: [] });
    expectError(empty, 400, 'INVALID_REQUEST', /at least one document/);
    expect(empty.headers.get('deprecation')).toBe('true');
    expectError(
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'x', text: 'y', metadata: 'nope' }],
      }),
      400,
      'INVALID_REQUEST',
      /metadata must be an object/,
    );
    expectError(
      await alice('POST', '/api/datastores/upsert/unknown', {
        documents: [{ name: 'x', text: 'y' }],
      }),
      404,
      'NOT_FOUND',
    );
    expect((await alice('GET', `/api/datastores/${store.id}/datasources`)).body).toEqual([]);
  });

  it('deletes a datasource with its chunks', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Deletes' })).body;
    const [id] = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'gone.txt', text: 'Soon gone.' }],
      })
    ).body.ids;
    const before = (await alice('GET', `/api/datasources/${id}`)).body;
    // The seed sends `{}`; a bodiless DELETE is accepted too.
    const deleted = await alice('DELETE', `/api/datasources/${id}`);
    expect(deleted.body).toEqual(before);
    expectError(await alice('GET', `/api/datasources/${id}`), 404, 'NOT_FOUND');
    const chunks = await service.database.query('SELECT 1 FROM chunks WHERE datasource_id = $1', [
      id,
    ]);
    expect(chunks).toEqual([]);
  });
});

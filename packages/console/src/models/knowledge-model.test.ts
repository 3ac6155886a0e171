import { afterEach, describe, expect, it, vi } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { datasourceFixture, datastoreFixture } from '../testing/resource-fixtures.js';
import { createApiClient } from './api-client.js';
import { createKnowledgeModel } from './knowledge-model.js';

const NETWORK_DOWN = 'The server could not be reached.';

/** A Knowledge page over a controlled server, loaded with datastores A and B (A selected). */
async function loaded(datasources = [datasourceFixture('s1', 'synched')]) {
  const server = createControlledFetch();
  const client = createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch });
  const model = createKnowledgeModel(client, server.baseUrl);
  const loading = model.load();
  expect(model.datastoresLoading.value).toBe(true);
  (await server.take('GET api/datastores')).respond(200, [
    datastoreFixture('store-b', 'B'),
    datastoreFixture('store-a', 'A'),
  ]);
  (await server.take('GET api/datastores/store-a/datasources')).respond(200, datasources);
  await loading;
  return { server, model };
}

describe('knowledge model', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the datastores by name, selects the first, and lists its datasources newest first', async () => {
    const { model } = await loaded([
      datasourceFixture('old', 'synched'),
      datasourceFixture('new', 'error'),
    ]);
    expect(model.datastoresLoading.value).toBe(false);
    expect(model.datastores.value.map((store) => store.name)).toEqual(['A', 'B']);
    expect(model.selected.value?.id).toBe('store-a');
    expect(model.datasources.items.value.map((item) => item.id)).toEqual(['new', 'old']);
    expect(model.datasourcesLoading.value).toBe(false);
  });

  it('says why the datastores or the datasources could not be loaded', async () => {
    const server = createControlledFetch();
    const client = createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch });
    const model = createKnowledgeModel(client, server.baseUrl);
    const first = model.load();
    (await server.take('GET api/datastores')).fail();
    await first;
    expect(model.datastoresError.value).toBe(`The datastores could not be loaded: ${NETWORK_DOWN}`);
    expect(model.datastoresLoading.value).toBe(false);

    const second = model.load();
    (await server.take('GET api/datastores')).respond(200, [datastoreFixture('store-a')]);
    (await server.take('GET api/datastores/store-a/datasources')).respond(500);
    await second;
    expect(model.datastoresError.value).toBeUndefined();
    expect(model.datasourcesError.value).toBe(
      'The datasources could not be loaded: The server answered 500.',
    );
  });

  it('shows only the datastore selected last when two lists answer out of order', async () => {
    const { server, model } = await loaded();
    const toB = model.select('store-b');
    const toA = model.select('store-a');
    const listB = await server.take('GET api/datastores/store-b/datasources');
    (await server.take('GET api/datastores/store-a/datasources')).respond(200, [
      datasourceFixture('a1', 'synched'),
    ]);
    listB.respond(200, [datasourceFixture('b1', 'synched', { datastoreId: 'store-b' })]);
    await Promise.all([toA, toB]);
    expect(model.selectedId.value).toBe('store-a');
    expect(model.datasources.items.value.map((item) => item.id)).toEqual(['a1']);
  });

  it('creates a datastore once per submit, then selects it; says why when it could not', async () => {
    const { server, model } = await loaded();
    expect(await model.createDatastore('  ', '')).toBe(false);
    expect(model.createDatastoreError.value).toBe('The datastore needs a name.');

    const creating = model.createDatastore(' Manuals ', ' ');
    expect(model.creatingDatastore.value).toBe(true);
    expect(model.createDatastoreError.value).toBeUndefined();
    expect(await model.createDatastore('Manuals', '')).toBe(false); // a double submit
    const call = await server.take('POST api/datastores');
    expect(call.body).toEqual({ name: 'Manuals' });
    expect(server.untaken()).toBe(0);
    call.respond(201, datastoreFixture('store-m', 'Manuals'));
    (await server.take('GET api/datastores/store-m/datasources')).respond(200, []);
    expect(await creating).toBe(true);
    expect(model.creatingDatastore.value).toBe(false);
    expect(model.datastores.value.map((store) => store.name)).toEqual(['A', 'B', 'Manuals']);
    expect(model.selectedId.value).toBe('store-m');

    const refused = model.createDatastore('Manuals', 'again');
    (await server.take('POST api/datastores')).respond(400, {
      error: { code: 'INVALID_REQUEST', message: 'The name is taken.' },
    });
    expect(await refused).toBe(false);
    expect(model.createDatastoreError.value).toBe(
      'The datastore was not created: The name is taken.',
    );
    expect(model.creatingDatastore.value).toBe(false);
  });

  it('adds a datasource first in the list and follows its ingestion until it settles', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { server, model } = await loaded();
    const adding = model.add({ type: 'text', name: 'faq.md', config: { text: 'Q' } });
    expect(model.adding.value).toBe(true);
    expect(await model.add({ type: 'text', name: 'twice.md', config: {} })).toBe(false);
    const call = await server.take('POST api/datasources');
    expect(call.body).toEqual({
      type: 'text',
      name: 'faq.md',
      config: { text: 'Q' },
      datastoreId: 'store-a',
    });
    call.respond(201, datasourceFixture('s2', 'pending'));
    expect(await adding).toBe(true);
    expect(model.adding.value).toBe(false);
    expect(model.datasources.items.value.map((item) => `${item.id}:${item.status}`)).toEqual([
      's2:pending',
      's1:synched',
    ]);

    await vi.advanceTimersByTimeAsync(1000);
    (await server.take('GET api/datasources/s2')).respond(200, datasourceFixture('s2', 'running'));
    await vi.advanceTimersByTimeAsync(1000);
    (await server.take('GET api/datasources/s2')).respond(200, datasourceFixture('s2', 'synched'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(model.datasources.items.value[0]?.status).toBe('synched');
    // Settled: nothing is polled any more.
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.untaken()).toBe(0);

    const failed = model.add({ type: 'web_page', name: 'x', config: {} });
    (await server.take('POST api/datasources')).fail();
    expect(await failed).toBe(false);
    expect(model.addError.value).toBe(`Nothing was added: ${NETWORK_DOWN}`);
  });

  it('drops a datasource deleted elsewhere while it was followed, and shows a failed read in its row', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { server, model } = await loaded([
      datasourceFixture('gone', 'pending'),
      datasourceFixture('flaky', 'running'),
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    const first = await server.next();
    const second = await server.next();
    const byRoute = new Map([first, second].map((call) => [call.route, call]));
    byRoute.get('GET api/datasources/gone')?.respond(404);
    byRoute.get('GET api/datasources/flaky')?.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(model.datasources.items.value.map((item) => item.id)).toEqual(['flaky']);
    expect(model.rowErrors.value).toEqual({
      flaky: `The status could not be read: ${NETWORK_DOWN}`,
    });
    model.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.untaken()).toBe(0);
  });

  it('re-syncs a datasource, showing a failure in its row', async () => {
    const { server, model } = await loaded();
    const source = model.datasources.items.value[0];
    if (!source) throw new Error('no datasource');
    const synching = model.synch(source);
    expect([...model.synching.value]).toEqual(['s1']);
    (await server.take('POST api/datasources/s1/synch')).respond(409, {
      error: { code: 'INVALID_REQUEST', message: 'It is already running.' },
    });
    await synching;
    expect(model.synching.value.size).toBe(0);
    expect(model.rowErrors.value).toEqual({ s1: 'Re-sync failed: It is already running.' });
  });

  it('deletes the datasource awaiting confirmation with its pages; a failure keeps the question open', async () => {
    const { server, model } = await loaded([
      datasourceFixture('site', 'synched', { type: 'web_site' }),
      datasourceFixture('page', 'synched', { groupId: 'site', type: 'web_page' }),
      datasourceFixture('other', 'synched'),
    ]);
    const site = model.datasources.items.value.find((item) => item.id === 'site');
    model.askDelete(site);
    const refused = model.confirmDelete();
    expect(model.deleting.value).toBe(true);
    (await server.take('DELETE api/datasources/site')).respond(500);
    await refused;
    expect(model.deleting.value).toBe(false);
    expect(model.deleteError.value).toBe(
      'The datasource was not deleted: The server answered 500.',
    );
    expect(model.confirmingDelete.value?.id).toBe('site');

    const deleted = model.confirmDelete();
    await model.confirmDelete(); // a double click: one call
    (await server.take('DELETE api/datasources/site')).respond(200, site);
    await deleted;
    expect(server.untaken()).toBe(0);
    expect(model.confirmingDelete.value).toBeUndefined();
    expect(model.deleteError.value).toBeUndefined();
    expect(model.datasources.items.value.map((item) => item.id)).toEqual(['other']);
  });

  it('sets a web source schedule with PATCH and shows the answer; says why when it could not', async () => {
    const site = datasourceFixture('site', 'synched', { type: 'web_site', name: 'Docs' });
    const { server, model } = await loaded([site]);
    const setting = model.setSchedule(site, 1_440);
    expect([...model.scheduling.value]).toEqual(['site']);
    const patch = await server.take('PATCH api/datasources/site');
    expect(patch.body).toEqual({ config: { sync_interval_minutes: 1_440 } });
    patch.respond(200, {
      ...site,
      config: { sync_interval_minutes: 1_440 },
      nextSynch: '2030-01-02T00:00:00.000Z',
    });
    await setting;
    expect(model.scheduling.value.size).toBe(0);
    expect(model.datasources.items.value[0]).toMatchObject({
      config: { sync_interval_minutes: 1_440 },
      nextSynch: '2030-01-02T00:00:00.000Z',
    });

    const refused = model.setSchedule(site, 60);
    (await server.take('PATCH api/datasources/site')).respond(400, {
      error: { code: 'INVALID_REQUEST', message: 'config.sync_interval_minutes must be …' },
    });
    await refused;
    expect(model.rowErrors.value.site).toMatch(/^The schedule was not changed: /);
    expect(model.datasources.items.value[0]?.config.sync_interval_minutes).toBe(1_440);
  });
});

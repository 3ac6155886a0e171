import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import type { Logger } from '../logger.js';
import {
  type ApiCall,
  type ChangingSite,
  createApiClient,
  createTestDatabase,
  startChangingSite,
} from '../testing/index.js';

type Call = (method: string, path: string, body?: unknown) => Promise<ApiCall>;

let site: ChangingSite;
let service: RunningAgentService;
let call: Call;
let datastoreId: string;
let clock = Date.now();
const logged: { details: Record<string, unknown>; message: string }[] = [];
const logger: Logger = {
  info: (details, message) => logged.push({ details, message }),
  warn: (details, message) => logged.push({ details, message }),
  error: (details, message) => logged.push({ details, message }),
};

const text = (topic: string) =>
  `<h1>${topic}</h1><p>All about ${topic}: the keepers write it down in the log book every evening.</p>`;

beforeAll(async () => {
  site = await startChangingSite();
  service = await startAgentService({
    port: 0,
    database: await createTestDatabase(),
    allowPrivateUrls: true,
    logger,
    now: () => clock,
    ingestion: {
      pollMs: 50,
      fetch: { timeoutMs: 3_000 },
      fetchRetry: { attempts: 2, baseDelayMs: 1 },
      // The tests check the schedule themselves (checkSchedule), with their own clock.
      scheduleCheckMs: 3_600_000,
      syncsPerOrganization: 1,
    },
  });
  const { apiKey } = await service.createOrganization('Keepers');
  call = createApiClient(service.url, apiKey);
  datastoreId = (await call('POST', '/api/datastores', { name: 'Keepers' })).body.id;
});

afterAll(async () => {
  await service?.close();
  await site?.close();
});

beforeEach(() => {
  site.comeBack();
  site.pages.clear();
  site.requests.length = 0;
});

/** Runs a sync of `id` (queued by `start`) to its end; the datasource as it then is. */
async function synched(id: string, start?: () => Promise<unknown>): Promise<ApiCall['body']> {
  await (start ?? (() => call('POST', `/api/datasources/${id}/synch`, {})))();
  service.ingestion.wake();
  await service.ingestion.waitFor([id]);
  return (await call('GET', `/api/datasources/${id}`)).body;
}

async function createSite(config: Record<string, unknown>): Promise<ApiCall['body']> {
  const created = await call('POST', '/api/datasources', {
    datastoreId,
    type: 'web_site',
    config,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return synched(created.body.id, async () => {});
}

/** The site's pages: by path, their status, error and chunk ids. */
async function pagesOf(siteId: string) {
  const rows = await service.database.query<{
    id: string;
    url: string;
    status: string;
    error: string | null;
    chunks: string[];
  }>(
    `SELECT d.id, d.config ->> 'source_url' AS url, d.status, d.config ->> 'errorMessage' AS error,
       coalesce((SELECT array_agg(c.id ORDER BY c.id) FROM chunks c WHERE c.datasource_id = d.id), '{}') AS chunks
     FROM datasources d WHERE d.group_id = $1`,
    [siteId],
  );
  return new Map(rows.map((row) => [new URL(row.url).pathname, row]));
}

describe('config.sync_interval_minutes', () => {
  it('is refused with a clear 400 below the minimum, out of range, as a word, or on a text source', async () => {
    const post = (type: string, config: Record<string, unknown>) =>
      call('POST', '/api/datasources', { datastoreId, type, config });
    for (const minutes of [0, -5, 4, 43_201, 'hourly', 1.5]) {
      const refused = await post('web_site', {
        source_url: `${site.url}/`,
        sync_interval_minutes: minutes,
      });
      expect(refused.status, String(minutes)).toBe(400);
      expect(refused.body.error.message).toMatch(
        /^config\.sync_interval_minutes must be a whole number of minutes from 5 to 43200/,
      );
    }
    const onText = await post('text', { text: 'Hello', sync_interval_minutes: 60 });
    expect(onText.status).toBe(400);
    expect(onText.body.error.message).toBe(
      'config.sync_interval_minutes applies to web_page and web_site datasources, not text',
    );
  });

  it('is set and cleared with PATCH, which reports nextSynch; other fields and types are refused', async () => {
    site.pages.set('/a', { main: text('Lamps') });
    const page = await synched(
      (
        await call('POST', '/api/datasources', {
          datastoreId,
          type: 'web_page',
          config: { source_url: `${site.url}/a` },
        })
      ).body.id,
      async () => {},
    );
    expect(page).toMatchObject({ nextSynch: null, lastSyncSummary: { added: 1, failed: 0 } });
    const daily = await call('PATCH', `/api/datasources/${page.id}`, {
      config: { sync_interval_minutes: 1440 },
    });
    expect(daily.status).toBe(200);
    expect(daily.body.config.sync_interval_minutes).toBe(1440);
    expect(Date.parse(daily.body.nextSynch) - Date.parse(daily.body.lastSynch)).toBe(86_400_000);
    const manual = await call('PATCH', `/api/datasources/${page.id}`, {
      name: 'Lamp page',
      config: { sync_interval_minutes: null },
    });
    expect(manual.body).toMatchObject({ name: 'Lamp page', nextSynch: null });
    expect(
      (await call('PATCH', `/api/datasources/${page.id}`, { config: { sync_interval_minutes: 2 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('PATCH', `/api/datasources/${page.id}`, {
          config: { source_url: 'https://x.test' },
        })
      ).body.error.message,
    ).toContain('config.source_url cannot be changed with PATCH');
    const note = await call('POST', '/api/datasources', {
      datastoreId,
      type: 'text',
      config: { text: 'A note' },
    });
    const onText = await call('PATCH', `/api/datasources/${note.body.id}`, {
      config: { sync_interval_minutes: 60 },
    });
    expect(onText.status).toBe(400);
    expect(onText.body.error.message).toContain('not text');
  });
});

describe('re-syncing a site', () => {
  it('asks conditionally, skips what the sitemap says is old, keeps unchanged text, removes only what is gone', async () => {
    const past = new Date(Date.now() - 86_400_000).toUTCString();
    site.pages.set('/etag', { main: text('Tides'), etag: '"v1"' });
    site.pages.set('/modified', { main: text('Boats'), lastModified: past });
    site.pages.set('/old', { main: text('Storms'), lastmod: '2020-01-01' });
    site.pages.set('/chrome', { main: text('Fog'), footer: 'build 1' });
    site.pages.set('/edited', { main: text('Herring') });
    site.pages.set('/dropped', { main: text('Wrecks') });
    site.pages.set('/deleted', { main: text('Gulls') });
    const first = await createSite({ sitemap: `${site.url}/sitemap.xml` });
    expect([...(await pagesOf(first.id)).values()].flatMap((page) => page.error ?? [])).toEqual([]);
    expect(first).toMatchObject({
      status: 'synched',
      lastSyncSummary: { added: 7, changed: 0, unchanged: 0, removed: 0, failed: 0 },
    });
    const before = await pagesOf(first.id);

    site.requests.length = 0;
    site.pages.set('/chrome', { main: text('Fog'), footer: 'build 2 — new navigation' });
    site.pages.set('/edited', { main: text('Mackerel') });
    site.pages.set('/dropped', { main: text('Wrecks'), unlisted: true });
    site.pages.set('/deleted', { main: text('Gulls'), failure: 404 });
    site.pages.set('/new', { main: text('Lanterns') });
    const again = await synched(first.id);
    expect(again).toMatchObject({
      status: 'synched',
      lastSyncSummary: { added: 1, changed: 1, unchanged: 4, removed: 2, failed: 0 },
    });
    const byPath = new Map(site.requests.map((request) => [request.path, request]));
    expect(byPath.get('/etag')).toMatchObject({ ifNoneMatch: '"v1"', status: 304 });
    expect(byPath.get('/modified')).toMatchObject({ ifModifiedSince: past, status: 304 });
    expect(byPath.has('/old')).toBe(false);
    expect(byPath.get('/chrome')?.status).toBe(200);
    const after = await pagesOf(first.id);
    for (const path of ['/etag', '/modified', '/old', '/chrome']) {
      expect(after.get(path)?.chunks, path).toEqual(before.get(path)?.chunks);
      expect(after.get(path)?.chunks.length, path).toBeGreaterThan(0);
    }
    expect(after.get('/edited')?.chunks).not.toEqual(before.get('/edited')?.chunks);
    expect([...after.keys()].sort()).toEqual(
      ['/chrome', '/edited', '/etag', '/modified', '/new', '/old'].sort(),
    );
    const line = logged.findLast((entry) => entry.details.datasourceId === first.id);
    expect(line).toMatchObject({
      message: 'datasource synched',
      details: { event: 'datasource.synched', added: 1, changed: 1, unchanged: 4, removed: 2 },
    });
  });

  it('keeps the content of pages that answer 5xx or time out, and says so', async () => {
    site.pages.set('/fine', { main: text('Tides') });
    site.pages.set('/broken', { main: text('Boats') });
    site.pages.set('/slow', { main: text('Storms') });
    const first = await createSite({ sitemap: `${site.url}/sitemap.xml` });
    const before = await pagesOf(first.id);
    site.pages.set('/broken', { main: text('Boats'), failure: 500 });
    site.pages.set('/slow', { main: text('Storms'), failure: 'hang' });
    const again = await synched(first.id);
    expect(again).toMatchObject({
      status: 'synched',
      lastSyncSummary: { added: 0, unchanged: 1, removed: 0, failed: 2 },
    });
    // Tried again (with backoff) before giving up for this sync.
    expect(site.requests.filter((request) => request.path === '/broken')).toHaveLength(3);
    const after = await pagesOf(first.id);
    expect(after.get('/broken')).toMatchObject({
      status: 'error',
      chunks: before.get('/broken')?.chunks,
      error: expect.stringMatching(/HTTP 500\. The content indexed before is kept\./),
    });
    expect(after.get('/slow')).toMatchObject({
      status: 'error',
      chunks: before.get('/slow')?.chunks,
      error: expect.stringMatching(/did not answer within 3000 ms/),
    });
    // A sooner retry than the (manual) schedule: none, since the site has no schedule.
    expect(again.nextSynch).toBeNull();
  });

  it('deletes nothing when the whole site is down, and shows the error', async () => {
    site.pages.set('/one', { main: text('Tides'), links: ['/two'] });
    site.pages.set('/two', { main: text('Boats') });
    const first = await createSite({ source_url: `${site.url}/one`, sync_interval_minutes: 60 });
    expect(first.lastSyncSummary).toMatchObject({ added: 2 });
    const before = await pagesOf(first.id);
    await site.stop();
    try {
      const down = await synched(first.id);
      expect(down).toMatchObject({
        status: 'error',
        lastSyncSummary: { removed: 0, failed: 2 },
        config: {
          errorMessage: expect.stringMatching(
            /^The site could not be reached .*no page was removed\.$/,
          ),
        },
      });
      // Retried sooner than its hourly schedule: 5 minutes after the first failure.
      expect(Date.parse(down.nextSynch) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
      expect(Date.parse(down.nextSynch) - Date.now()).toBeGreaterThan(4 * 60_000);
      const after = await pagesOf(first.id);
      expect([...after.keys()].sort()).toEqual(['/one', '/two']);
      for (const [path, page] of after) expect(page.chunks).toEqual(before.get(path)?.chunks);
    } finally {
      await site.restart();
    }
    const back = await synched(first.id);
    expect(back).toMatchObject({ status: 'synched', lastSyncSummary: { unchanged: 2, failed: 0 } });
    expect(Date.parse(back.nextSynch) - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  it('loses nothing when the site goes down in the middle of a sync', async () => {
    const paths = Array.from({ length: 8 }, (_, index) => `/p${index}`);
    paths.forEach((path, index) => {
      site.pages.set(path, {
        main: text(`Chapter ${index}`),
        links: paths.slice(index + 1, index + 2),
      });
    });
    const first = await createSite({ source_url: `${site.url}/p0`, max_depth: 10 });
    expect(first.lastSyncSummary).toMatchObject({ added: 8 });
    const before = await pagesOf(first.id);
    site.pages.set('/p1', { main: text('Chapter 1, revised'), links: ['/p2'] });
    site.goDownAfter(3);
    const again = await synched(first.id);
    expect(again.status).toBe('synched');
    expect(again.lastSyncSummary).toMatchObject({
      changed: 1,
      unchanged: 2,
      failed: 5,
      removed: 0,
    });
    const after = await pagesOf(first.id);
    expect([...after.keys()].sort()).toEqual([...paths].sort());
    for (const path of paths.slice(3)) {
      expect(after.get(path)).toMatchObject({ status: 'error', chunks: before.get(path)?.chunks });
    }
  });

  it('stops asking a site that stopped answering, and removes nothing', async () => {
    const paths = Array.from({ length: 30 }, (_, index) => `/d${index}`);
    for (const path of paths) site.pages.set(path, { main: text(`Deck ${path}`) });
    const first = await createSite({ sitemap: `${site.url}/sitemap.xml` });
    expect(first.lastSyncSummary).toMatchObject({ added: 30 });
    for (const path of paths) site.pages.set(path, { main: text(`Deck ${path}`), failure: 503 });
    site.requests.length = 0;
    const down = await synched(first.id);
    expect(down).toMatchObject({
      status: 'error',
      lastSyncSummary: { removed: 0 },
      config: {
        errorMessage: expect.stringMatching(
          /^The site stopped answering \(20 pages in a row failed, the last: .*HTTP 503.*\); the rest was not fetched and no page was removed\.$/,
        ),
      },
    });
    const asked = new Set(
      site.requests.map((request) => request.path).filter((path) => path.startsWith('/d')),
    );
    expect(asked.size).toBeLessThan(30);
    const after = await pagesOf(first.id);
    expect(after.size).toBe(30);
    for (const page of after.values()) expect(page.chunks.length).toBeGreaterThan(0);
  });

  it('removes nothing when the sitemap cannot be read', async () => {
    site.pages.set('/kept', { main: text('Tides') });
    const first = await createSite({ sitemap: `${site.url}/sitemap.xml` });
    site.goDownAfter(0);
    const down = await synched(first.id);
    expect(down).toMatchObject({
      status: 'error',
      config: { errorMessage: expect.stringMatching(/^The sitemap could not be read: .*HTTP 503/) },
    });
    expect((await pagesOf(first.id)).get('/kept')?.chunks.length).toBeGreaterThan(0);
  });
});

describe('a web page', () => {
  it('keeps its chunks on a 304 and on a 5xx, and loses them on a 410', async () => {
    site.pages.set('/page', { main: text('Tides'), etag: '"a"' });
    const created = await call('POST', '/api/datasources', {
      datastoreId,
      type: 'web_page',
      config: { source_url: `${site.url}/page` },
    });
    const first = await synched(created.body.id, async () => {});
    expect(first.nbChunks).toBeGreaterThan(0);
    const chunks = async () =>
      (
        await service.database.query<{ id: string }>(
          'SELECT id FROM chunks WHERE datasource_id = $1 ORDER BY id',
          [first.id],
        )
      ).map((row) => row.id);
    const ids = await chunks();
    expect(await synched(first.id)).toMatchObject({
      status: 'synched',
      lastSyncSummary: { unchanged: 1 },
    });
    expect(site.requests.at(-1)).toMatchObject({ ifNoneMatch: '"a"', status: 304 });
    site.pages.set('/page', { main: text('Tides'), failure: 503 });
    expect(await synched(first.id)).toMatchObject({
      status: 'error',
      lastSyncSummary: { failed: 1 },
    });
    expect(await chunks()).toEqual(ids);
    site.pages.set('/page', { main: text('Tides'), failure: 410 });
    expect(await synched(first.id)).toMatchObject({
      status: 'error',
      nbChunks: 0,
      lastSyncSummary: { failed: 1, removed: 1 },
    });
  });
});

describe('the scheduler', () => {
  it('queues due sources by the clock, one organization at a time up to its cap, and survives a restart', async () => {
    site.pages.set('/s1', { main: text('Tides') });
    site.pages.set('/s2', { main: text('Boats') });
    const sources = [];
    for (const path of ['/s1', '/s2']) {
      const created = await call('POST', '/api/datasources', {
        datastoreId,
        type: 'web_page',
        config: { source_url: `${site.url}${path}`, sync_interval_minutes: 60 },
      });
      sources.push(await synched(created.body.id, async () => {}));
    }
    const ids = sources.map((source) => source.id);
    // Only these two are scheduled (the other tests' sources would come due with the clock).
    await service.database.query(
      'UPDATE datasources SET next_synch = NULL WHERE NOT (id = ANY($1::text[]))',
      [ids],
    );
    expect(await service.ingestion.checkSchedule()).toBe(0);
    clock = Date.now() + 61 * 60_000;
    // Cap 1 per organization: one now, the other once it is done.
    expect(await service.ingestion.checkSchedule()).toBe(1);
    expect(await service.ingestion.checkSchedule()).toBe(0);
    service.ingestion.wake();
    await service.ingestion.waitFor(ids);
    expect(await service.ingestion.checkSchedule()).toBe(1);
    service.ingestion.wake();
    await service.ingestion.waitFor(ids);
    for (const id of ids) {
      const source = (await call('GET', `/api/datasources/${id}`)).body;
      expect(source.lastSyncSummary).toMatchObject({ unchanged: 1 });
      expect(Date.parse(source.nextSynch)).toBeGreaterThan(Date.now() + 59 * 60_000);
    }
    // What is due is in the database: a process started later (a restart) finds it.
    await service.database.query(
      `UPDATE datasources SET next_synch = now() - interval '1 minute' WHERE id = $1`,
      [ids[0]],
    );
    clock = Date.now();
    const { startIngestion } = await import('./ingestion-runtime.js');
    const idle = await startIngestion(service.database, logger, { workers: 0 });
    expect(await idle.checkSchedule()).toBe(0);
    await idle.stop();
    const restarted = await startIngestion(service.database, logger, {
      scheduleCheckMs: 3_600_000,
      now: () => clock,
      pollMs: 50,
    });
    try {
      expect(await restarted.checkSchedule()).toBe(1);
      await restarted.waitFor([ids[0] as string]);
    } finally {
      await restarted.stop();
    }
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import {
  captureCliIo,
  createApiClient,
  createTestDatabase,
  type LoopbackSite,
  startLoopbackSite,
} from '../testing/index.js';
import { runCli } from './index.js';

let cwd: string;
let site: LoopbackSite;
let service: RunningAgentService;
let apiKey: string;
let datastoreId: string;

function io(tty = false) {
  return captureCliIo({
    env: { AGENT_API_TOKEN: apiKey, AGENT_SERVICE_URL: service.url, INGEST_POLL_MS: '50' },
    cwd,
    stdoutIsTty: tty,
  });
}

beforeAll(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'agent-service-ingest-'));
  site = await startLoopbackSite({ sitemapPages: 5 });
  service = await startAgentService({
    port: 0,
    database: await createTestDatabase(),
    allowPrivateUrls: true,
    ingestion: { pollMs: 50, fetch: { timeoutMs: 1_000 } },
  });
  ({ apiKey } = await service.createOrganization('CLI'));
  datastoreId = (
    await createApiClient(service.url, apiKey)('POST', '/api/datastores', { name: 'C' })
  ).body.id;
});

afterAll(async () => {
  await service?.close();
  await site?.close();
  await rm(cwd, { recursive: true, force: true });
});

describe('agent-chat-service ingest', () => {
  it('ingests a folder, a page and a sitemap, waits for them and lists what failed', async () => {
    await mkdir(path.join(cwd, 'docs/nested'), { recursive: true });
    await writeFile(path.join(cwd, 'docs/a.md'), '# Anchors\n\nAnchors hold ships in place.');
    await writeFile(
      path.join(cwd, 'docs/nested/b.html'),
      '<html><body><main><h1>Bells</h1><p>Ship bells mark the watches.</p></main></body></html>',
    );
    await writeFile(path.join(cwd, 'docs/skip.bin'), 'not a document');
    const run = io();
    const code = await runCli(
      [
        'ingest',
        datastoreId,
        'docs',
        `${site.url}/guide`,
        `${site.url}/sitemap.xml`,
        `${site.url}/missing`,
      ],
      run.io,
    );
    expect(code).toBe(1);
    expect(run.out()).toMatch(/a\.md\t\S+\tcreated\tsynched/);
    expect(run.out()).toMatch(/b\.html\t\S+\tcreated\tsynched/);
    expect(run.out()).toMatch(new RegExp(`${site.url}/guide\\t\\S+\\tcreated\\tsynched`));
    expect(run.out()).toMatch(/sitemap\.xml\t\S+\tcreated\tsynched \(2 pages\)/);
    expect(run.out()).not.toMatch(/skip\.bin/);
    expect(run.err()).toMatch(
      /1 failed:\n {2}http:\/\/127\.0\.0\.1:\d+\/missing: error: .*HTTP 404/,
    );

    const again = io(true);
    expect(await runCli(['ingest', datastoreId, 'docs/a.md', `${site.url}/guide`], again.io)).toBe(
      0,
    );
    expect(again.out()).toMatch(/a\.md\t\S+\treplaced\tsynched/);
    expect(again.out()).toMatch(/\[#{30}\] 2\/2 done/);
    const names = (
      await createApiClient(service.url, apiKey)(
        'GET',
        `/api/datastores/${datastoreId}/datasources`,
      )
    ).body.map((datasource: { name: string }) => datasource.name);
    expect(names.filter((name: string) => name === 'a.md')).toHaveLength(1);
  });

  it('crawls a URL with --crawl, and says when a folder holds nothing to ingest', async () => {
    const crawl = io();
    expect(await runCli(['ingest', datastoreId, `${site.url}/`, '--crawl'], crawl.io)).toBe(0);
    expect(crawl.out()).toMatch(/\/\t\S+\tcreated\tsynched \(3 pages\)/);
    // A page of navigation only is said, not failed: the command succeeds.
    const hub = io();
    expect(
      await runCli(
        ['ingest', datastoreId, `${site.url}/empty`, '--crawl', '--max-pages', '2'],
        hub.io,
      ),
    ).toBe(0);
    expect(hub.out()).toMatch(/\/empty\t\S+\tcreated\tsynched \(2 pages, 1 without text\)/);
    expect(hub.err()).toBe('');
    await mkdir(path.join(cwd, 'empty'), { recursive: true });
    const empty = io();
    expect(await runCli(['ingest', datastoreId, 'empty'], empty.io)).toBe(2);
    expect(empty.err()).toMatch(/holds no files of a supported type/);
  });

  it('takes --max-pages for sites and says when that limit ended a crawl', async () => {
    const sitemap = `${site.url}/sitemap-big.xml`;
    const siteConfig = async () => {
      const list = (
        await createApiClient(service.url, apiKey)(
          'GET',
          `/api/datastores/${datastoreId}/datasources`,
        )
      ).body as { type: string; config: Record<string, unknown> }[];
      return list.find((datasource) => datasource.config.sitemap === sitemap)?.config;
    };
    const cut = io();
    expect(await runCli(['ingest', datastoreId, sitemap, '--max-pages', '3'], cut.io)).toBe(0);
    expect(cut.out()).toMatch(
      /sitemap-big\.xml\t\S+\tcreated\tsynched \(3 pages\)\nhttp:\/\/127\.0\.0\.1:\d+\/sitemap-big\.xml: stopped at 3 pages \(max_pages\); raise it with --max-pages\n/,
    );
    expect(await siteConfig()).toMatchObject({ max_pages: 3, pages: 3, stopped_by: 'max_pages' });

    const whole = io();
    expect(await runCli(['ingest', datastoreId, sitemap, '--max-pages', '5'], whole.io)).toBe(0);
    expect(whole.out()).toMatch(/sitemap-big\.xml\t\S+\treplaced\tsynched \(5 pages\)\n/);
    expect(whole.out()).not.toMatch(/stopped at/);
    expect(await siteConfig()).toMatchObject({ max_pages: 5, pages: 5, stopped_by: null });

    const zero = io();
    expect(await runCli(['ingest', datastoreId, sitemap, '--max-pages', '0'], zero.io)).toBe(2);
    expect(zero.err()).toMatch(/--max-pages must be a whole number from 1 to 10,000 \(got "0"\)/);
    const page = io();
    expect(
      await runCli(['ingest', datastoreId, `${site.url}/guide`, '--max-pages', '5'], page.io),
    ).toBe(2);
    expect(page.err()).toMatch(/--max-pages applies to sites/);
  });

  it('skips the pages of a site under --exclude prefixes (paths or URLs), and refuses one for a page', async () => {
    const sitemap = `${site.url}/sitemap-big.xml`;
    const run = io();
    expect(
      await runCli(
        ['ingest', datastoreId, sitemap, '--exclude', '/page/1', '--exclude', `${site.url}/page/4`],
        run.io,
      ),
    ).toBe(0);
    // /page/1 and /page/4 of /page/1 … /page/5.
    expect(run.out()).toMatch(/sitemap-big\.xml\t\S+\t(?:created|replaced)\tsynched \(3 pages\)\n/);
    const list = (
      await createApiClient(service.url, apiKey)(
        'GET',
        `/api/datastores/${datastoreId}/datasources`,
      )
    ).body as { groupId: string | null; config: Record<string, unknown>; id: string }[];
    const created = list.find((datasource) => datasource.config.sitemap === sitemap);
    expect(created?.config.black_listed_urls).toEqual([`${site.url}/page/1`, `${site.url}/page/4`]);
    const pages = list
      .filter((datasource) => datasource.groupId === created?.id)
      .map((datasource) => new URL(String(datasource.config.source_url)).pathname)
      .sort();
    expect(pages).toEqual(['/page/2', '/page/3', '/page/5']);

    const bad = io();
    expect(await runCli(['ingest', datastoreId, sitemap, '--exclude', 'fr'], bad.io)).toBe(2);
    expect(bad.err()).toMatch(/--exclude takes a URL prefix .* or a path \(\/fr\/\); got "fr"/);
    const page = io();
    expect(
      await runCli(['ingest', datastoreId, `${site.url}/guide`, '--exclude', '/a/'], page.io),
    ).toBe(2);
    expect(page.err()).toMatch(/--exclude applies to sites/);
  });

  it('schedules re-syncs of pages and sites with --sync-every, and refuses a bad interval', async () => {
    const daily = io();
    expect(
      await runCli(['ingest', datastoreId, `${site.url}/faq`, '--sync-every', '1d'], daily.io),
    ).toBe(0);
    expect(daily.out()).toMatch(/\/faq: synched every 1d, next at \d{4}-\d\d-\d\dT/);
    const list = (
      await createApiClient(service.url, apiKey)(
        'GET',
        `/api/datastores/${datastoreId}/datasources`,
      )
    ).body as {
      groupId: string | null;
      config: Record<string, unknown>;
      nextSynch?: string | null;
    }[];
    const faq = list.find(
      (datasource) =>
        datasource.groupId === null && datasource.config.source_url === `${site.url}/faq`,
    );
    expect(faq?.config.sync_interval_minutes).toBe(1_440);
    expect(Date.parse(faq?.nextSynch ?? '')).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const bad = io();
    expect(
      await runCli(['ingest', datastoreId, `${site.url}/faq`, '--sync-every', 'daily'], bad.io),
    ).toBe(2);
    expect(bad.err()).toMatch(/--sync-every must be a number and a unit .* \(got "daily"\)/);
    await writeFile(path.join(cwd, 'note.md'), '# Note\n\nA note.');
    const file = io();
    expect(await runCli(['ingest', datastoreId, 'note.md', '--sync-every', '1h'], file.io)).toBe(2);
    expect(file.err()).toMatch(/--sync-every applies to web pages and sites/);
  });
});

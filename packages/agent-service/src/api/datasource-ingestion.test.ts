import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import {
  type ApiCall,
  buildDocx,
  buildPdf,
  createApiClient,
  createTestDatabase,
  type LoopbackSite,
  startLoopbackSite,
} from '../testing/index.js';

type Call = (method: string, path: string, body?: unknown) => Promise<ApiCall>;

let site: LoopbackSite;
let offsite: LoopbackSite;
let service: RunningAgentService;
let call: Call;
let apiKey: string;
let datastoreId: string;
let agentId: string;

/** The datasource once its ingestion has settled (`synched` or `error`). */
async function settled(id: string, client: Call = call): Promise<ApiCall['body']> {
  let body: ApiCall['body'];
  await expect
    .poll(
      async () => {
        body = (await client('GET', `/api/datasources/${id}`)).body;
        return body.status;
      },
      { message: `datasource ${id} settles` },
    )
    .toMatch(/^(synched|error)$/);
  return body;
}

async function create(body: Record<string, unknown>): Promise<ApiCall['body']> {
  const created = await call('POST', '/api/datasources', { datastoreId, ...body });
  expect(created.status).toBe(201);
  expect(['pending', 'running', 'synched']).toContain(created.body.status);
  return settled(created.body.id);
}

async function ask(query: string): Promise<ApiCall['body']> {
  return (await call('POST', `/api/agents/${agentId}/query`, { query })).body;
}

beforeAll(async () => {
  offsite = await startLoopbackSite();
  site = await startLoopbackSite({ slowMs: 3_000, offsite: offsite.url, extraPages: 12 });
  service = await startAgentService({
    port: 0,
    database: await createTestDatabase(),
    allowPrivateUrls: true,
    uploadLimitBytes: 64 * 1024,
    ingestion: { pollMs: 50, fetch: { timeoutMs: 500 } },
  });
  ({ apiKey } = await service.createOrganization('Keepers'));
  call = createApiClient(service.url, apiKey);
  datastoreId = (await call('POST', '/api/datastores', { name: 'Keepers' })).body.id;
  agentId = (await call('POST', '/api/agents', { name: 'Keeper', datastoreIds: [datastoreId] }))
    .body.id;
});

afterAll(async () => {
  await service?.close();
  await site?.close();
  await offsite?.close();
});

describe('POST /api/datasources (JSON)', () => {
  it('ingests a web page: main content only, sources link to the heading', async () => {
    const page = await create({ type: 'web_page', config: { source_url: `${site.url}/guide` } });
    expect(page).toMatchObject({ status: 'synched', type: 'web_page', name: `${site.url}/guide` });
    expect(page.config.errorMessage).toBeUndefined();
    const answer = await ask('How often do I trim the Fresnel lamp wick?');
    expect(answer.answer).toContain('Trim the wick');
    expect(answer.sources[0]).toMatchObject({
      datasource_id: page.id,
      source_url: `${site.url}/guide#lamp-care`,
    });
    for (const noise of ['zeppelin', 'biscuit consent', 'walrus', 'Tracking pixel']) {
      const rows = await service.database.query(
        'SELECT 1 FROM chunks WHERE datasource_id = $1 AND content ILIKE $2',
        [page.id, `%${noise}%`],
      );
      expect(rows, noise).toEqual([]);
    }
  });

  it('cites the section of a Docusaurus page by its heading id', async () => {
    const page = await create({
      type: 'web_page',
      config: { source_url: `${site.url}/docs/offline-sync` },
    });
    expect(page.status).toBe('synched');
    const answer = await ask('Which conflict policy keeps the edit with the newest vector clock?');
    expect(answer.answer).toContain('lastWriterWins');
    expect(answer.sources[0]).toMatchObject({
      datasource_id: page.id,
      source_url: `${site.url}/docs/offline-sync#conflictpolicy`,
    });
    const titles = await service.database.query<{ title: string }>(
      'SELECT title FROM chunks WHERE datasource_id = $1 ORDER BY position',
      [page.id],
    );
    expect(titles.map((row) => row.title)).toContain(
      'Offline sync › Resolving conflicts › `conflictPolicy`',
    );
  });

  it('takes text (config.text or datasourceText) and Q&A pairs', async () => {
    const text = await create({
      type: 'text',
      name: 'tides.md',
      config: { text: '# Tides\n\nSpring tides follow the full moon.' },
    });
    expect(text.status).toBe('synched');
    expect(text.config.text).toBeUndefined();
    // Chaindesk's nbChunks and textSize, on reads and in the datastore's list.
    expect(text.nbChunks).toBeGreaterThanOrEqual(1);
    expect(text.textSize).toBeGreaterThanOrEqual('Spring tides follow the full moon.'.length);
    const listed = (await call('GET', `/api/datastores/${datastoreId}/datasources`)).body.find(
      (item: { id: string }) => item.id === text.id,
    );
    expect(listed).toMatchObject({ nbChunks: text.nbChunks, textSize: text.textSize });
    const chaindesk = await create({
      type: 'text',
      datasourceText: 'Neap tides are weak tides.',
      custom_id: 'neap',
    });
    expect(chaindesk).toMatchObject({
      status: 'synched',
      name: 'Text',
      config: { custom_id: 'neap' },
    });
    const qa = await create({
      type: 'qa',
      config: {
        pairs: [
          {
            question: 'Who feeds the gulls?',
            answer: 'The assistant keeper feeds the gulls at noon.',
          },
        ],
      },
    });
    expect(qa).toMatchObject({ status: 'synched', type: 'qa' });
    expect((await ask('Who feeds the gulls?')).sources[0].datasource_id).toBe(qa.id);
  });

  it('re-synching unchanged content is a no-op; changed content replaces the chunks', async () => {
    const text = await create({
      type: 'text',
      name: 'moon.md',
      config: { text: '# Moon\n\nThe moon pulls the sea.' },
    });
    const chunkIds = async () =>
      (
        await service.database.query<{ id: string }>(
          'SELECT id FROM chunks WHERE datasource_id = $1 ORDER BY id',
          [text.id],
        )
      ).map((row) => row.id);
    const before = await chunkIds();
    expect(before).toHaveLength(1);
    const synch = await call('POST', `/api/datasources/${text.id}/synch`);
    expect(synch.status).toBe(200);
    expect((await settled(text.id)).status).toBe('synched');
    expect(await chunkIds()).toEqual(before);
    const replaced = await call('POST', '/api/datasources', {
      datastoreId,
      id: text.id,
      type: 'text',
      name: 'moon.md',
      config: { text: '# Moon\n\nThe moon has phases.\n\n## Eclipses\n\nEclipses are rare.' },
    });
    expect(replaced.body.id).toBe(text.id);
    expect((await settled(text.id)).status).toBe('synched');
    const after = await chunkIds();
    expect(after).toHaveLength(2);
    expect(after.some((id) => before.includes(id))).toBe(false);
  });

  it('puts a datasource in error with the reason, and keeps serving', async () => {
    const cases: [string, RegExp][] = [
      [`${site.url}/slow`, /did not answer within 500 ms/],
      [`${site.url}/missing`, /HTTP 404/],
      [`${site.url}/image.png`, /image\/png, not a page/],
      [`${site.url}/loop`, /more than 5 redirects/],
      [`${site.url}/empty`, /no words/],
    ];
    for (const [url, reason] of cases) {
      const failed = await create({ type: 'web_page', config: { source_url: url } });
      expect(failed.status, url).toBe('error');
      expect(failed.config.errorMessage, url).toMatch(reason);
      expect(failed.nbChunks, url).toBe(0);
    }
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  });

  it('rejects bodies that miss what their type needs', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ type: 'web_page', config: {} }, /config.source_url is required/],
      [
        { type: 'web_page', config: { source_url: 'file:///etc/passwd' } },
        /http:\/\/ or https:\/\//,
      ],
      [{ type: 'web_site', config: {} }, /config.sitemap or config.source_url/],
      // What ingest --exclude and the console's "Skip pages under" send must be URLs.
      [
        {
          type: 'web_site',
          config: { sitemap: 'https://docs.example.com/sitemap.xml', black_listed_urls: ['/fr/'] },
        },
        /config\.black_listed_urls\[\]/,
      ],
      [{ type: 'qa', config: { question: 'Why?' } }, /config.answer/],
      [{ type: 'file' }, /multipart\/form-data/],
      [{ type: 'youtube_video' }, /type must be one of/],
    ];
    const before = (await call('GET', `/api/datastores/${datastoreId}/datasources`)).body.length;
    for (const [body, message] of bad) {
      const response = await call('POST', '/api/datasources', { datastoreId, ...body });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(message);
    }
    // Nothing refused was stored.
    expect((await call('GET', `/api/datastores/${datastoreId}/datasources`)).body).toHaveLength(
      before,
    );
    const missing = await call('POST', '/api/datasources', {
      datastoreId: 'nope',
      type: 'text',
      config: { text: 'x' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('web_site', () => {
  it('ingests a sitemap index: same origin only, robots.txt honoured, pages grouped; delete removes them', async () => {
    const siteSource = await create({
      type: 'web_site',
      config: { sitemap: `${site.url}/sitemap.xml` },
    });
    expect(siteSource).toMatchObject({
      status: 'synched',
      config: { pages: 2, failed_pages: 0, disallowed_pages: 1 },
    });
    const children = (await call('GET', `/api/datastores/${datastoreId}/datasources`)).body.filter(
      (datasource: { groupId: string }) => datasource.groupId === siteSource.id,
    );
    expect(
      children.map((child: { config: { source_url: string } }) => child.config.source_url).sort(),
    ).toEqual([`${site.url}/faq`, `${site.url}/guide`]);
    expect(children.map((child: { name: string }) => child.name).sort()).toEqual([
      'FAQ',
      'Keeper guide',
    ]);
    expect(site.requests).not.toContain('/private/secret');
    expect(offsite.requests).toEqual([]);
    const answer = await ask('When are keepers paid in herring?');
    expect(answer.sources[0].source_url).toBe(`${site.url}/faq#pay`);

    await call('DELETE', `/api/datasources/${siteSource.id}`);
    for (const child of children) {
      expect((await call('GET', `/api/datasources/${child.id}`)).status).toBe(404);
    }
  });

  it('crawls breadth-first from a start URL and stops at max_pages', async () => {
    const crawl = await create({
      type: 'web_site',
      config: { source_url: `${site.url}/`, max_pages: 6 },
    });
    expect(crawl).toMatchObject({ status: 'synched', config: { stopped_by: 'max_pages' } });
    const pages = await service.database.query<{ url: string }>(
      `SELECT config ->> 'source_url' AS url FROM datasources WHERE group_id = $1`,
      [crawl.id],
    );
    expect(pages).toHaveLength(6);
    expect(pages.every((row) => row.url.startsWith(site.url))).toBe(true);
    expect(offsite.requests).toEqual([]);
    expect(pages.map((row) => row.url)).not.toContain(`${site.url}/private/secret`);
    const depthLimited = await create({
      type: 'web_site',
      config: { source_url: `${site.url}/`, max_depth: 0 },
    });
    expect(depthLimited.config.pages).toBe(1);
    // A page of a site with no content of its own (all navigation) is synched with nothing
    // to index, not an error, and its links lead on.
    const fromHub = await create({
      type: 'web_site',
      config: { source_url: `${site.url}/empty`, max_depth: 1 },
    });
    expect(fromHub.config).toMatchObject({ failed_pages: 0 });
    const reached = await service.database.query<{ url: string; status: string; chunks: number }>(
      `SELECT d.config ->> 'source_url' AS url, d.status,
              (SELECT count(*)::int FROM chunks c WHERE c.datasource_id = d.id) AS chunks
       FROM datasources d WHERE d.group_id = $1`,
      [fromHub.id],
    );
    expect(
      Object.fromEntries(reached.map((row) => [row.url, `${row.status} ${row.chunks > 0}`])),
    ).toMatchObject({
      [`${site.url}/empty`]: 'synched false',
      [`${site.url}/`]: 'synched true',
      [`${site.url}/guide`]: 'synched true',
    });
    // A site none of whose pages has text (rendered in the browser) is an error that says so.
    const shells = await create({
      type: 'web_site',
      config: { source_url: `${site.url}/empty`, max_depth: 0 },
    });
    expect(shells).toMatchObject({
      status: 'error',
      config: { errorMessage: expect.stringMatching(/only navigation.*rendered by JavaScript/) },
    });
  });
});

describe('multipart upload', () => {
  async function upload(file: Blob, fileName: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    form.set('type', 'file');
    form.set('datastoreId', datastoreId);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', file, fileName);
    const response = await fetch(`${service.url}/api/datasources`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as ApiCall['body'] };
  }

  it('stores and ingests a Markdown file', async () => {
    const created = await upload(
      new Blob(['# Buoys\n\nRed buoys mark the port side.'], { type: 'text/markdown' }),
      'buoys.md',
      { custom_id: 'buoys' },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'file',
      name: 'buoys.md',
      config: { custom_id: 'buoys', mime_type: 'text/markdown' },
    });
    expect((await settled(created.body.id)).status).toBe('synched');
    expect((await ask('Which side do red buoys mark?')).sources[0].datasource_id).toBe(
      created.body.id,
    );
  });

  it('ingests a PDF (sources carry page_number and total_pages) and a DOCX', async () => {
    const pdf = await upload(
      new Blob(
        [
          buildPdf([
            'Mooring lines must be doubled in a gale.',
            'Lighthouse lenses are cleaned with vinegar.',
          ]),
        ],
        { type: 'application/pdf' },
      ),
      'manual.pdf',
    );
    expect(pdf.status).toBe(201);
    expect((await settled(pdf.body.id)).status).toBe('synched');
    const fromPdf = await ask('What are lighthouse lenses cleaned with?');
    expect(fromPdf.sources[0]).toMatchObject({
      datasource_id: pdf.body.id,
      page_number: 2,
      total_pages: 2,
    });
    const docx = await upload(
      new Blob([
        buildDocx([
          { heading: 'Semaphore' },
          { paragraph: 'Semaphore flags spell letters with two arms.' },
        ]),
      ]),
      'signals.docx',
    );
    expect(docx.status).toBe(201);
    expect((await settled(docx.body.id)).status).toBe('synched');
    expect((await ask('How do semaphore flags spell letters?')).sources[0].datasource_id).toBe(
      docx.body.id,
    );
  });

  it('puts corrupt and encrypted PDFs and empty files in error, with the reason', async () => {
    const cases: [Blob, string, RegExp][] = [
      [
        new Blob([buildPdf(['Secret tide tables.'], { encrypted: true })], {
          type: 'application/pdf',
        }),
        'locked.pdf',
        /password|encrypt/i,
      ],
      [
        new Blob([buildPdf(['Broken.']).slice(0, 200)], { type: 'application/pdf' }),
        'broken.pdf',
        /corrupt|damaged|could not be read|invalid/i,
      ],
      [new Blob(['   \n'], { type: 'text/plain' }), 'blank.txt', /no (words|text)/i],
    ];
    for (const [blob, name, reason] of cases) {
      const created = await upload(blob, name);
      expect(created.status, name).toBe(201);
      const result = await settled(created.body.id);
      expect(result.status, name).toBe('error');
      expect(result.config.errorMessage, name).toMatch(reason);
    }
  });

  it('415 for an unsupported type, 413 over the limit; neither stores anything', async () => {
    const count = async () =>
      (
        await service.database.query<{ n: number }>(
          'SELECT (SELECT count(*) FROM datasources)::int + (SELECT count(*) FROM datasource_files)::int AS n',
        )
      )[0]?.n;
    const before = await count();
    const unsupported = await upload(
      new Blob([new Uint8Array([0x4d, 0x5a, 0, 1])], { type: 'application/x-msdownload' }),
      'tool.exe',
    );
    expect(unsupported.status).toBe(415);
    expect(unsupported.body.error.code).toBe('UNSUPPORTED_TYPE');
    expect(unsupported.body.error.message).toMatch(/\.pdf.*\.docx/);
    const large = await upload(
      new Blob(['x'.repeat(65 * 1024)], { type: 'text/plain' }),
      'large.txt',
    );
    expect(large.status).toBe(413);
    expect(large.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const declared = await upload(
      new Blob(['y'.repeat(200 * 1024)], { type: 'text/plain' }),
      'declared.txt',
    );
    expect(declared.status).toBe(413);
    expect(await count()).toBe(before);
  });
});

describe('SSRF', () => {
  it('refuses loopback, private, link-local and mapped addresses without ALLOW_PRIVATE_URLS', async () => {
    const strict = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      ingestion: { pollMs: 50 },
    });
    try {
      const { apiKey: key } = await strict.createOrganization('Strict');
      const strictCall = createApiClient(strict.url, key);
      const store = (await strictCall('POST', '/api/datastores', { name: 'S' })).body.id;
      const port = new URL(site.url).port;
      const targets = [
        `${site.url}/guide`,
        `http://localhost:${port}/guide`,
        `http://[::1]:${port}/guide`,
        `http://[::ffff:127.0.0.1]:${port}/guide`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/',
        'http://0.0.0.0/',
      ];
      const before = site.requests.length;
      for (const url of targets) {
        const id = (
          await strictCall('POST', '/api/datasources', {
            datastoreId: store,
            type: 'web_page',
            config: { source_url: url },
          })
        ).body.id;
        const body = await settled(id, strictCall);
        expect(body.status, url).toBe('error');
        expect(body.config.errorMessage, url).toMatch(/ALLOW_PRIVATE_URLS/);
      }
      // A site whose redirect leads to loopback is refused at connect time as well.
      expect(site.requests.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

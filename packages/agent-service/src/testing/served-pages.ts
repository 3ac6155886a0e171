import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningAgentService, startAgentService } from '../server.js';
import { createApiClient } from './api-client.js';
import { createTestDatabase } from './test-database.js';

/** What the agent answered: its text and its sources' URLs, best first. */
export interface ServedAnswer {
  answer: string;
  sources: string[];
}

/** A service whose one agent answers from a small site of whole HTML pages. */
export interface ServedPages {
  /** The site's origin (`http://127.0.0.1:port`): a page's URL is this and its path. */
  url: string;
  service: RunningAgentService;
  /** Asks the agent. */
  ask(query: string): Promise<ServedAnswer>;
  close(): Promise<void>;
}

/**
 * Serves `pages` (path → whole HTML page) on loopback with a sitemap, ingests the site into
 * a fresh service from its sitemap — the path a real site takes: fetch, HTML loader,
 * chunking, index — and returns the agent that answers from it. Close it when done.
 *
 * @example
 * const site = await startWithPages({ '/api.html': apiPage });
 * const { sources } = await site.ask('What does Client.send do?');
 */
export async function startWithPages(
  pages: Readonly<Record<string, string>>,
): Promise<ServedPages> {
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    if (path === '/sitemap.xml') {
      const urls = Object.keys(pages).map((page) => `<url><loc>${origin}${page}</loc></url>`);
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
      );
      return;
    }
    const page = pages[path];
    response.writeHead(page === undefined ? 404 : 200, {
      'content-type': 'text/html; charset=utf-8',
    });
    response.end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service = await startAgentService({
    port: 0,
    database: await createTestDatabase(),
    allowPrivateUrls: true,
    ingestion: { pollMs: 20 },
  });
  const { apiKey } = await service.createOrganization('Docs');
  const call = createApiClient(service.url, apiKey);
  const datastoreId = (await call('POST', '/api/datastores', { name: 'Docs' })).body.id as string;
  const agentId = (await call('POST', '/api/agents', { name: 'Docs', datastoreIds: [datastoreId] }))
    .body.id as string;
  const created = await call('POST', '/api/datasources', {
    datastoreId,
    type: 'web_site',
    config: { sitemap: `${origin}/sitemap.xml` },
  });
  const id = created.body.id as string;
  for (let waited = 0; ; waited += 50) {
    const status = (await call('GET', `/api/datasources/${id}`)).body.status as string;
    if (status === 'synched') break;
    if (status === 'error' || waited > 30_000)
      throw new Error(`The site's ingestion ended ${status}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: origin,
    service,
    async ask(query) {
      const body = (await call('POST', `/api/agents/${agentId}/query`, { query })).body as {
        answer: string;
        sources: { source_url: string }[];
      };
      return { answer: body.answer, sources: body.sources.map((source) => source.source_url) };
    },
    async close() {
      await service.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

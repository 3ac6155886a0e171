import { LIMITS } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackSite, startLoopbackSite } from '../testing/index.js';
import { crawlSite } from './crawl-site.js';
import { createSafeFetcher } from './safe-fetch.js';

let site: LoopbackSite;
const fetcher = createSafeFetcher({ allowPrivateUrls: true, timeoutMs: 5_000 });

beforeAll(async () => {
  site = await startLoopbackSite({ sitemapPages: LIMITS.crawlPages.default + 1 });
});

afterAll(async () => {
  fetcher.close();
  await site?.close();
});

async function crawl(options: { maxPages?: number; sitemap?: string }) {
  const pages: string[] = [];
  const summary = await crawlSite({
    fetcher,
    sitemapUrl: `${site.url}${options.sitemap ?? '/sitemap-big.xml'}`,
    ...(options.maxPages === undefined ? {} : { maxPages: options.maxPages }),
    concurrency: 8,
    signal: new AbortController().signal,
    async onPage(page) {
      pages.push(page.url);
      return [];
    },
    async onFailure(url, error) {
      throw new Error(`${url} failed: ${String(error)}`);
    },
  });
  return { pages, summary };
}

describe('crawlSite limits', () => {
  it('stops a site larger than the default 1,000 pages there, and says so', async () => {
    expect(LIMITS.crawlPages.default).toBe(1_000);
    const { pages, summary } = await crawl({});
    expect(pages).toHaveLength(1_000);
    expect(summary).toEqual({ pages: 1_000, disallowed: 0, stoppedBy: 'max_pages' });
  });

  it('reports no limit when the site fits exactly', async () => {
    const { pages, summary } = await crawl({ maxPages: LIMITS.crawlPages.default + 1 });
    expect(pages).toHaveLength(1_001);
    expect(summary).toEqual({ pages: 1_001, disallowed: 0 });
    const small = await crawl({ maxPages: 2, sitemap: '/sitemap.xml' });
    expect(small.summary).toEqual({ pages: 2, disallowed: 1 });
  });
});

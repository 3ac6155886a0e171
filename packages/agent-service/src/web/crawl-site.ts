import { LIMITS } from '@agent-chat/protocol';
import type { HttpValidators } from './http-validators.js';
import { parseSitemap } from './parse-sitemap.js';
import { createRobotsRules } from './robots-rules.js';
import type { FetchedResource, SafeFetcher } from './safe-fetch.js';
import { sitemapText } from './sitemap-text.js';

/** What a crawl's caller kept of a page from the previous sync. */
export interface CrawlPageMemory {
  /** Its `ETag` / `Last-Modified`: the page is fetched conditionally (304: `notModified`). */
  validators?: HttpValidators | undefined;
  /** When it was last read: a sitemap `<lastmod>` before that means it need not be fetched. */
  readAt?: Date | undefined;
}

/** Options of {@link crawlSite}. */
export interface CrawlSiteOptions {
  fetcher: SafeFetcher;
  /** A sitemap.xml or sitemap index listing the pages (then no links are followed). */
  sitemapUrl?: string | undefined;
  /** Where a breadth-first crawl starts (used when there is no `sitemapUrl`). */
  startUrl?: string | undefined;
  /** Most pages fetched. Default 1,000 (`LIMITS.crawlPages.default`). */
  maxPages?: number;
  /** Deepest link depth followed from the start URL (0: the start page only). Default 5. */
  maxDepth?: number;
  /** Most bytes fetched in total; the crawl stops past it. Default 100 MiB. */
  maxTotalBytes?: number;
  /** Origins the crawl may enter besides the start URL's (or the sitemap's). */
  allowedOrigins?: readonly string[];
  /** URL prefixes never fetched. */
  excludedPrefixes?: readonly string[];
  /** Pages fetched at once. Default 4. */
  concurrency?: number;
  /** `User-Agent` matched against robots.txt. Default `agent-chat-ingest`. */
  userAgent?: string;
  signal: AbortSignal;
  /**
   * Called with each page fetched; resolves to the page's links (absolute URLs), which the
   * crawl follows up to `maxDepth`. The caller reads them from the parse it makes of the
   * page anyway (a page is parsed once), so the crawl itself parses no HTML.
   */
  onPage(page: FetchedResource): Promise<readonly string[]>;
  /**
   * Called with each page that could not be fetched; may resolve to links to follow in its
   * stead (what the caller kept of the page's links).
   */
  onFailure(url: string, error: unknown): Promise<readonly string[] | undefined>;
  /** What the caller kept of a page from the previous sync, if anything. */
  memory?: (url: string) => CrawlPageMemory | undefined;
  /**
   * Called instead of fetching a sitemap page whose `<lastmod>` is older than the
   * `readAt` of its memory (it has not changed since it was read).
   */
  onUnchanged?: (url: string) => Promise<void>;
}

/** How a crawl ended. */
export interface CrawlSummary {
  /** Pages fetched or attempted. */
  pages: number;
  /** URLs left out because robots.txt disallows them. */
  disallowed: number;
  /** The limit that stopped the crawl before it ran out of pages, if any. */
  stoppedBy?: 'max_pages' | 'max_total_bytes';
}

/** The largest sitemap read (the protocol's own limit is 50 MB uncompressed). */
const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** Whether a sitemap's `<lastmod>` is before `readAt` (an unreadable date is not). */
function unchangedSince(lastModified: string | undefined, readAt: Date | undefined): boolean {
  if (lastModified === undefined || readAt === undefined) return false;
  const modified = Date.parse(lastModified);
  return Number.isFinite(modified) && modified < readAt.getTime();
}

const isHtml = (mediaType: string) =>
  mediaType === '' || mediaType === 'text/html' || mediaType === 'application/xhtml+xml';

/**
 * Crawls a site: the pages of a sitemap (sitemap indexes followed), or breadth-first from a
 * start URL following links up to `maxDepth`. Only the start origin and `allowedOrigins`
 * are entered (redirects included), robots.txt is honoured, and the crawl stops at
 * `maxPages` pages or `maxTotalBytes` bytes. Every fetch goes through the safe fetcher,
 * conditional on what `memory` kept of the page (a 304 is handed to `onPage` as
 * `notModified`); a sitemap page not modified since it was read is not fetched at all
 * (`onUnchanged`). A sitemap that cannot be read throws: nothing can be said of its pages.
 */
export async function crawlSite(options: CrawlSiteOptions): Promise<CrawlSummary> {
  const root = options.sitemapUrl ?? options.startUrl;
  if (root === undefined) throw new Error('A site needs a sitemap or a start URL.');
  const origins = new Set([
    new URL(root).origin,
    ...(options.allowedOrigins ?? []).map((o) => new URL(o).origin),
  ]);
  const excluded = options.excludedPrefixes ?? [];
  const onSite = (url: URL) =>
    origins.has(url.origin) && !excluded.some((prefix) => url.href.startsWith(prefix));
  const maxPages = options.maxPages ?? LIMITS.crawlPages.default;
  const maxDepth = options.maxDepth ?? 5;
  const maxTotalBytes = options.maxTotalBytes ?? 100 * 1024 * 1024;
  const robots = createRobotsRules(
    options.fetcher,
    options.userAgent ?? 'agent-chat-ingest',
    options.signal,
  );
  const seen = new Set<string>();
  const queue: { url: string; depth: number; lastModified?: string }[] = [];
  const summary: CrawlSummary = { pages: 0, disallowed: 0 };
  let totalBytes = 0;

  const add = (raw: string, depth: number, lastModified?: string) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return;
    }
    url.hash = '';
    if (!onSite(url) || seen.has(url.href)) return;
    seen.add(url.href);
    queue.push({
      url: url.href,
      depth,
      ...(lastModified === undefined ? {} : { lastModified }),
    });
  };

  if (options.sitemapUrl !== undefined) {
    const sitemaps = [options.sitemapUrl];
    for (let index = 0; index < sitemaps.length && index < 50; index += 1) {
      const sitemap = await options.fetcher.fetch(sitemaps[index] as string, {
        signal: options.signal,
        followRedirect: onSite,
        maxBytes: SITEMAP_MAX_BYTES,
      });
      totalBytes += sitemap.bytes.length;
      const entries = parseSitemap(
        await sitemapText(sitemap.bytes, sitemap.url, SITEMAP_MAX_BYTES),
      );
      for (const child of entries.sitemaps) {
        if (onSite(new URL(child, sitemap.url)) && !sitemaps.includes(child)) sitemaps.push(child);
      }
      for (const page of entries.pages) {
        add(new URL(page, sitemap.url).href, maxDepth, entries.lastModified.get(page));
      }
    }
  } else {
    add(root, 0);
  }

  const stop = (reason: NonNullable<CrawlSummary['stoppedBy']>) => {
    summary.stoppedBy ??= reason;
  };
  const acceptPage = (type: string) =>
    isHtml(type) || type === 'application/pdf' || type === 'text/plain' || type === 'text/markdown';
  const visit = async (item: {
    url: string;
    depth: number;
    lastModified?: string;
  }): Promise<void> => {
    if (!(await robots.isAllowed(new URL(item.url)))) {
      summary.disallowed += 1;
      return;
    }
    if (summary.pages >= maxPages) {
      stop('max_pages');
      return;
    }
    summary.pages += 1;
    const memory = options.memory?.(item.url);
    if (options.onUnchanged && unchangedSince(item.lastModified, memory?.readAt)) {
      await options.onUnchanged(item.url);
      return;
    }
    let page: FetchedResource;
    try {
      page = await options.fetcher.fetch(item.url, {
        signal: options.signal,
        followRedirect: onSite,
        accept: acceptPage,
        validators: memory?.validators,
      });
    } catch (error) {
      if (options.signal.aborted) return;
      const kept = await options.onFailure(item.url, error);
      if (kept && item.depth < maxDepth) for (const link of kept) add(link, item.depth + 1);
      return;
    }
    totalBytes += page.bytes.length;
    const links = await options.onPage(page);
    if (item.depth < maxDepth) for (const link of links) add(link, item.depth + 1);
    if (totalBytes > maxTotalBytes) stop('max_total_bytes');
  };
  // A pool of `concurrency` visits; each finished visit refills it from the queue, which
  // the visits themselves extend with the links they find (breadth-first order).
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let running = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      while (
        running < concurrency &&
        queue.length > 0 &&
        summary.stoppedBy === undefined &&
        !options.signal.aborted
      ) {
        const item = queue.shift() as { url: string; depth: number; lastModified?: string };
        running += 1;
        visit(item).then(() => {
          running -= 1;
          pump();
        }, reject);
      }
      if (running === 0) resolve();
    };
    pump();
  });
  return summary;
}

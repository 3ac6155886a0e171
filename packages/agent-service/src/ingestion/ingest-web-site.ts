/**
 * A `web_site` datasource's sync: the crawl driven page by page — each page fetched (or
 * kept unchanged) committed as its child datasource, failures told apart (gone, passing,
 * the site down) — then the pages the site no longer has removed and the site's outcome
 * concluded.
 */
import { LIMITS } from '@agent-chat/protocol';
import {
  type CrawlSummary,
  crawlSite,
  type FetchedResource,
  isGoneFetchError,
  isTransientFetchError,
} from '../web/index.js';
import {
  commitOutcome,
  commitOutcomes,
  type IngestionOutcome,
  type PendingOutcome,
} from './commit-result.js';
import type { SyncCounts } from './complete-sync.js';
import type { DatasourceRecord, IngestionContext, PreviousContent } from './ingestion-context.js';
import {
  describeFailure,
  notModifiedOutcome,
  outcomeOfPage,
  webFailure,
} from './produce-outcome.js';
import {
  DOWN_AFTER_FAILURES_IN_A_ROW,
  emptySiteTally,
  siteDownOutcome,
  sitemapFailedOutcome,
  siteOutcome,
} from './web-site-outcome.js';
import { loadSitePages } from './web-site-pages.js';

/** Unchanged pages written in one transaction. */
const UNCHANGED_BATCH = 100;

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** What a site's sync produced: the site's own outcome, and what happened to its pages. */
export interface WebSiteSync {
  outcome: IngestionOutcome;
  counts: SyncCounts;
}

/**
 * Ingests a `web_site` datasource: crawls it (its `config.sitemap`, or breadth-first from
 * `config.source_url`; `max_pages`, `max_depth`, `allowed_origins`, `black_listed_urls`)
 * and makes each page a `web_page` child datasource whose `groupId` is the site's id,
 * indexed as it is fetched. A re-sync is cheap and never loses knowledge to an outage:
 * - each page is fetched conditionally (its ETag / Last-Modified: a 304 keeps its chunks
 *   and its links are followed from the last read), a sitemap page whose `<lastmod>` is
 *   older than its last read is not fetched, and a page whose extracted text did not change
 *   keeps its chunks;
 * - a page that answers 5xx, times out or cannot be reached keeps its content (its status
 *   says why); only a 404/410 removes a page, or its absence from the site: from a sitemap
 *   that was read, or from a crawl that could follow every page's links;
 * - a page with no text of its own (a table of contents, a landing page of links) is
 *   synched with no chunks, not failed;
 * - a sitemap that cannot be read, a site none of whose pages can be, or one that stops
 *   answering (20 pages in a row; the crawl stops there) removes nothing and puts the site
 *   in `error` with the reason; so does a site none of whose pages has text (rendered in
 *   the browser).
 * The site's own outcome: `synched` with `config.pages`, `config.failed_pages` and
 * `config.stopped_by` (the limit that ended the crawl, `max_pages` or `max_total_bytes`;
 * `null` when it reached the end), or `error`.
 */
export async function ingestWebSite(
  context: IngestionContext,
  site: DatasourceRecord,
  signal: AbortSignal,
): Promise<WebSiteSync> {
  const { database } = context;
  const pages = await loadSitePages(context, site);
  const tally = emptySiteTally();
  const { counts } = tally;
  // Stops the crawl (not the job) once the site looks down.
  const siteDown = new AbortController();
  const crawlSignal = AbortSignal.any([signal, siteDown.signal]);

  const record = async (child: DatasourceRecord, outcome: IngestionOutcome) => {
    const rewritten = await commitOutcome(context, child, outcome);
    if (outcome.ok) tally.failuresInARow = 0;
    if (outcome.ok) {
      tally.succeeded += 1;
      if (outcome.chunks.length === 0) tally.withoutText += 1;
      if (child.previous === undefined) counts.added += 1;
      else if (rewritten) counts.changed += 1;
      else counts.unchanged += 1;
    } else {
      counts.failed += 1;
      tally.firstFailure ??= outcome.message;
    }
    const title = outcome.ok ? outcome.config?.title : undefined;
    if (typeof title === 'string' && title.trim() !== '') {
      await database.query('UPDATE datasources SET name = $2 WHERE id = $1', [
        child.id,
        title.trim().slice(0, LIMITS.nameLength.max),
      ]);
    }
  };

  // Pages found unchanged (304, or an old sitemap <lastmod>) are written a batch at a time:
  // a re-sync of an unchanged site costs a few transactions, not one per page.
  let unchangedBatch: PendingOutcome[] = [];
  const flushUnchanged = async () => {
    const batch = unchangedBatch;
    unchangedBatch = [];
    if (batch.length === 0) return;
    const rewritten = await commitOutcomes(context, batch);
    tally.succeeded += batch.length;
    for (const entry of batch) {
      if (rewritten.has(entry.target.id)) counts.changed += 1;
      else counts.unchanged += 1;
    }
  };
  const keep = async (child: DatasourceRecord, outcome: IngestionOutcome) => {
    tally.failuresInARow = 0;
    unchangedBatch.push({ target: child, outcome });
    if (unchangedBatch.length >= UNCHANGED_BATCH) await flushUnchanged();
  };

  const sitemapUrl = typeof site.config.sitemap === 'string' ? site.config.sitemap : undefined;
  let summary: CrawlSummary;
  try {
    summary = await crawlSite({
      fetcher: context.fetcher,
      sitemapUrl,
      startUrl: typeof site.config.source_url === 'string' ? site.config.source_url : undefined,
      maxPages:
        typeof site.config.max_pages === 'number'
          ? site.config.max_pages
          : LIMITS.crawlPages.default,
      maxDepth:
        typeof site.config.max_depth === 'number'
          ? site.config.max_depth
          : LIMITS.crawlDepth.default,
      allowedOrigins: stringList(site.config.allowed_origins),
      excludedPrefixes: stringList(site.config.black_listed_urls),
      signal: crawlSignal,
      memory: pages.memoryOf,
      async onUnchanged(url) {
        const child = await pages.childFor(url);
        const content = child.previous as PreviousContent;
        await keep(child, {
          ok: true,
          chunks: [],
          contentHash: content.contentHash,
          ...(content.validators === undefined ? {} : { validators: content.validators }),
        });
      },
      async onPage(page: FetchedResource) {
        const child = await pages.childFor(page.url);
        if (page.notModified && child.previous) {
          await keep(child, notModifiedOutcome(child.previous, page));
          return child.previous.links;
        }
        let links: string[] = [];
        let outcome: IngestionOutcome;
        try {
          outcome = await outcomeOfPage(
            child,
            page,
            (found) => {
              links = found;
            },
            true,
          );
          if (outcome.ok) outcome = { ...outcome, links };
        } catch (error) {
          outcome = { ok: false, message: describeFailure(error) };
        }
        await record(child, outcome);
        return links;
      },
      async onFailure(url, error) {
        const known = pages.previousOf(url);
        if (isGoneFetchError(error) && known !== undefined) {
          await pages.remove(url);
          counts.removed += 1;
          return [];
        }
        if (isTransientFetchError(error)) {
          tally.transient += 1;
          if (known === undefined) tally.blind += 1;
          tally.failuresInARow += 1;
          tally.lastPassingFailure = describeFailure(error);
          if (tally.failuresInARow >= DOWN_AFTER_FAILURES_IN_A_ROW) siteDown.abort();
        }
        await record(await pages.childFor(url), webFailure(error, known !== undefined));
        return known?.links ?? [];
      },
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return { outcome: sitemapFailedOutcome(error), counts };
  }
  if (signal.aborted) throw signal.reason;
  await flushUnchanged();
  if (siteDown.signal.aborted) return { outcome: siteDownOutcome(tally), counts };
  // Absence means removal only where the crawl could see the whole site: a sitemap read in
  // full, or links followed from every page (a failed page's from its last read).
  if (sitemapUrl !== undefined || tally.blind === 0) {
    const removed = await pages.removeUnvisited();
    counts.removed += removed;
  }
  const root = String(site.config.sitemap ?? site.config.source_url);
  return { outcome: siteOutcome(tally, summary, root), counts };
}

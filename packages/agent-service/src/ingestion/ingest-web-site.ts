import { LIMITS } from '@agent-chat/protocol';
import { createId } from '../store/index.js';
import {
  type CrawlPageMemory,
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
  PREVIOUS_CONTENT_COLUMNS,
  type PreviousContentRow,
  previousContentOf,
} from './previous-content.js';
import {
  describeFailure,
  notModifiedOutcome,
  outcomeOfPage,
  webFailure,
} from './produce-outcome.js';

/**
 * Pages in a row that fail for a passing reason (5xx, timeout, unreachable) after which a
 * sync stops asking: the site is down, and each page would cost its retries and timeouts.
 */
const DOWN_AFTER_FAILURES_IN_A_ROW = 20;

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
  const existing = await database.query<
    { id: string; source_url: string | null } & PreviousContentRow
  >(
    `SELECT d.id, d.config ->> 'source_url' AS source_url, ${PREVIOUS_CONTENT_COLUMNS}
     FROM datasources d WHERE d.group_id = $1`,
    [site.id],
  );
  const children = new Map(existing.map((row) => [row.source_url ?? '', row.id]));
  const previous = new Map<string, PreviousContent>();
  for (const row of existing) {
    const content = previousContentOf(row);
    if (content !== undefined) previous.set(row.source_url ?? '', content);
  }
  const visited = new Set<string>();
  const counts: SyncCounts = { added: 0, changed: 0, unchanged: 0, removed: 0, failed: 0 };
  let succeeded = 0;
  // Pages read with nothing to index (navigation only): when every page is, the site is
  // rendered in the browser or its content is not where a reader looks for it.
  let withoutText = 0;
  // Failures that say nothing about the page; `blind`: those of pages whose links are unknown.
  let transient = 0;
  let blind = 0;
  let failuresInARow = 0;
  // Stops the crawl (not the job) once the site looks down.
  const siteDown = new AbortController();
  const crawlSignal = AbortSignal.any([signal, siteDown.signal]);
  let firstFailure: string | undefined;
  let lastPassingFailure: string | undefined;

  const childFor = async (url: string): Promise<DatasourceRecord> => {
    let id = children.get(url);
    if (id === undefined) {
      id = createId();
      children.set(url, id);
      await database.query(
        `INSERT INTO datasources (id, organization_id, datastore_id, type, name, status, group_id, config)
         VALUES ($1, $2, $3, 'web_page', $4, 'running', $5, $6::jsonb)`,
        [
          id,
          site.organizationId,
          site.datastoreId,
          url.slice(0, LIMITS.nameLength.max),
          site.id,
          JSON.stringify({
            source_url: url,
            ...(typeof site.config.custom_id === 'string'
              ? { custom_id: site.config.custom_id }
              : {}),
          }),
        ],
      );
    }
    visited.add(url);
    return {
      id,
      organizationId: site.organizationId,
      datastoreId: site.datastoreId,
      type: 'web_page',
      name: url,
      config: { source_url: url },
      text: '',
      previous: previous.get(url),
    };
  };

  const record = async (child: DatasourceRecord, outcome: IngestionOutcome) => {
    const rewritten = await commitOutcome(context, child, outcome);
    if (outcome.ok) failuresInARow = 0;
    if (outcome.ok) {
      succeeded += 1;
      if (outcome.chunks.length === 0) withoutText += 1;
      if (child.previous === undefined) counts.added += 1;
      else if (rewritten) counts.changed += 1;
      else counts.unchanged += 1;
    } else {
      counts.failed += 1;
      firstFailure ??= outcome.message;
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
    succeeded += batch.length;
    for (const entry of batch) {
      if (rewritten.has(entry.target.id)) counts.changed += 1;
      else counts.unchanged += 1;
    }
  };
  const keep = async (child: DatasourceRecord, outcome: IngestionOutcome) => {
    failuresInARow = 0;
    unchangedBatch.push({ target: child, outcome });
    if (unchangedBatch.length >= UNCHANGED_BATCH) await flushUnchanged();
  };

  const memory = (url: string): CrawlPageMemory | undefined => {
    const content = previous.get(url);
    return content === undefined
      ? undefined
      : { validators: content.validators, readAt: content.readAt };
  };

  const sitemapUrl = typeof site.config.sitemap === 'string' ? site.config.sitemap : undefined;
  let summary: Awaited<ReturnType<typeof crawlSite>>;
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
      memory,
      async onUnchanged(url) {
        const child = await childFor(url);
        const content = child.previous as PreviousContent;
        await keep(child, {
          ok: true,
          chunks: [],
          contentHash: content.contentHash,
          ...(content.validators === undefined ? {} : { validators: content.validators }),
        });
      },
      async onPage(page: FetchedResource) {
        const child = await childFor(page.url);
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
        const known = previous.get(url);
        if (isGoneFetchError(error) && known !== undefined) {
          await database.query('DELETE FROM datasources WHERE id = $1 AND group_id = $2', [
            children.get(url),
            site.id,
          ]);
          children.delete(url);
          counts.removed += 1;
          return [];
        }
        if (isTransientFetchError(error)) {
          transient += 1;
          if (known === undefined) blind += 1;
          failuresInARow += 1;
          lastPassingFailure = describeFailure(error);
          if (failuresInARow >= DOWN_AFTER_FAILURES_IN_A_ROW) siteDown.abort();
        }
        await record(await childFor(url), webFailure(error, known !== undefined));
        return known?.links ?? [];
      },
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      outcome: {
        ok: false,
        message: `The sitemap could not be read: ${describeFailure(error)} No page was removed.`,
      },
      counts,
    };
  }
  if (signal.aborted) throw signal.reason;
  await flushUnchanged();
  if (siteDown.signal.aborted) {
    return {
      outcome: {
        ok: false,
        message: `The site stopped answering (${DOWN_AFTER_FAILURES_IN_A_ROW} pages in a row failed, the last: ${lastPassingFailure ?? 'unknown'}); the rest was not fetched and no page was removed.`,
      },
      counts,
    };
  }
  // Absence means removal only where the crawl could see the whole site: a sitemap read in
  // full, or links followed from every page (a failed page's from its last read).
  if (sitemapUrl !== undefined || blind === 0) {
    const gone = [...children].filter(([url]) => !visited.has(url)).map(([, id]) => id);
    if (gone.length > 0) {
      const removed = await database.query(
        'DELETE FROM datasources WHERE id = ANY($1::text[]) AND group_id = $2 RETURNING 1',
        [gone, site.id],
      );
      counts.removed += removed.length;
    }
  }
  if (succeeded > 0 && withoutText === succeeded) {
    return {
      outcome: {
        ok: false,
        message: `None of the ${succeeded} pages read has text of its own, only navigation: is the site rendered by JavaScript in the browser? Its pages must be served as HTML to be ingested.`,
      },
      counts,
    };
  }
  if (succeeded === 0) {
    const root = String(site.config.sitemap ?? site.config.source_url);
    return {
      outcome: {
        ok: false,
        message:
          summary.pages === 0
            ? `No pages were found at ${root}${summary.disallowed > 0 ? ` (${summary.disallowed} disallowed by robots.txt)` : ''}.`
            : transient > 0
              ? `The site could not be reached (${firstFailure ?? 'no page answered'}); no page was removed.`
              : `None of the ${summary.pages} pages could be ingested; see the pages' errors.`,
      },
      counts,
    };
  }
  return {
    outcome: {
      ok: true,
      chunks: [],
      contentHash: createId(),
      config: {
        pages: succeeded,
        failed_pages: counts.failed,
        ...(summary.disallowed > 0 ? { disallowed_pages: summary.disallowed } : {}),
        stopped_by: summary.stoppedBy ?? null,
      },
    },
    counts,
  };
}

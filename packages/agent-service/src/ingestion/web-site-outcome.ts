/**
 * What a web site's sync concludes for the site itself, from what its pages came to: the
 * tally kept while the crawl runs, and the site's outcome — `synched` with its page
 * counts, or `error` saying why (no sitemap, a site that stopped answering, pages with no
 * text of their own, nothing found or nothing readable).
 */
import { createId } from '../store/index.js';
import type { CrawlSummary } from '../web/index.js';
import type { IngestionOutcome } from './commit-result.js';
import type { SyncCounts } from './complete-sync.js';
import { describeFailure } from './produce-outcome.js';

/**
 * Pages in a row that fail for a passing reason (5xx, timeout, unreachable) after which a
 * sync stops asking: the site is down, and each page would cost its retries and timeouts.
 */
export const DOWN_AFTER_FAILURES_IN_A_ROW = 20;

/** What a site's pages came to so far in one sync, counted as the crawl reads them. */
export interface SiteTally {
  /** The pages added, changed, unchanged, removed and failed. */
  counts: SyncCounts;
  /** Pages read (added, changed or unchanged). */
  succeeded: number;
  /**
   * Pages read with nothing to index (navigation only): when every page is, the site is
   * rendered in the browser or its content is not where a reader looks for it.
   */
  withoutText: number;
  /** Failures that say nothing about the page (5xx, timeout, unreachable). */
  transient: number;
  /** Those of them on pages whose links are unknown (never read before). */
  blind: number;
  /** Such failures since the last page read. */
  failuresInARow: number;
  /** The first page failure's message. */
  firstFailure?: string;
  /** The last passing failure's description. */
  lastPassingFailure?: string;
}

/** A tally with nothing counted yet. */
export function emptySiteTally(): SiteTally {
  return {
    counts: { added: 0, changed: 0, unchanged: 0, removed: 0, failed: 0 },
    succeeded: 0,
    withoutText: 0,
    transient: 0,
    blind: 0,
    failuresInARow: 0,
  };
}

/** The site's outcome when its sitemap could not be read (nothing is removed). */
export function sitemapFailedOutcome(error: unknown): IngestionOutcome {
  return {
    ok: false,
    message: `The sitemap could not be read: ${describeFailure(error)} No page was removed.`,
  };
}

/** The site's outcome when it stopped answering and the crawl stopped (nothing is removed). */
export function siteDownOutcome(tally: SiteTally): IngestionOutcome {
  return {
    ok: false,
    message: `The site stopped answering (${DOWN_AFTER_FAILURES_IN_A_ROW} pages in a row failed, the last: ${tally.lastPassingFailure ?? 'unknown'}); the rest was not fetched and no page was removed.`,
  };
}

/**
 * The site's outcome once the crawl ended: `error` when every page read is navigation
 * only, or when no page was read (none found, unreachable, or none could be ingested);
 * otherwise `synched` with `config.pages`, `config.failed_pages`, `config.disallowed_pages`
 * (pages robots.txt disallows, when any) and `config.stopped_by` (the limit that ended the
 * crawl, or `null`). `root` is the site's sitemap or start URL, for the messages.
 */
export function siteOutcome(
  tally: SiteTally,
  summary: CrawlSummary,
  root: string,
): IngestionOutcome {
  const { succeeded, withoutText, counts } = tally;
  if (succeeded > 0 && withoutText === succeeded) {
    return {
      ok: false,
      message: `None of the ${succeeded} pages read has text of its own, only navigation: is the site rendered by JavaScript in the browser? Its pages must be served as HTML to be ingested.`,
    };
  }
  if (succeeded === 0) {
    return {
      ok: false,
      message:
        summary.pages === 0
          ? `No pages were found at ${root}${summary.disallowed > 0 ? ` (${summary.disallowed} disallowed by robots.txt)` : ''}.`
          : tally.transient > 0
            ? `The site could not be reached (${tally.firstFailure ?? 'no page answered'}); no page was removed.`
            : `None of the ${summary.pages} pages could be ingested; see the pages' errors.`,
    };
  }
  return {
    ok: true,
    chunks: [],
    contentHash: createId(),
    config: {
      pages: succeeded,
      failed_pages: counts.failed,
      ...(summary.disallowed > 0 ? { disallowed_pages: summary.disallowed } : {}),
      stopped_by: summary.stoppedBy ?? null,
    },
  };
}

import { LIMITS } from '@agent-chat/protocol';
import { createId } from '../store/index.js';
import { crawlSite, type FetchedResource } from '../web/index.js';
import { commitOutcome, type IngestionOutcome } from './commit-result.js';
import type { DatasourceRecord, IngestionContext } from './ingestion-context.js';
import { describeFailure, outcomeOfPage } from './produce-outcome.js';

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/**
 * Ingests a `web_site` datasource: crawls it (its `config.sitemap`, or breadth-first from
 * `config.source_url`; `max_pages`, `max_depth`, `allowed_origins`, `black_listed_urls`)
 * and makes each page a `web_page` child datasource whose `groupId` is the site's id,
 * indexed as it is fetched (an unchanged page keeps its chunks). Pages that are no longer
 * part of the site are deleted. The site's own outcome: `synched` with `config.pages`,
 * `config.failed_pages` and `config.stopped_by` (the limit that ended the crawl, `max_pages`
 * or `max_total_bytes`; `null` when it reached the end, so a re-sync clears an old one), or
 * `error` when no page could be ingested.
 */
export async function ingestWebSite(
  context: IngestionContext,
  site: DatasourceRecord,
  signal: AbortSignal,
): Promise<IngestionOutcome> {
  const { database } = context;
  const existing = await database.query<{ id: string; source_url: string | null }>(
    `SELECT id, config ->> 'source_url' AS source_url FROM datasources WHERE group_id = $1`,
    [site.id],
  );
  const children = new Map(existing.map((row) => [row.source_url ?? '', row.id]));
  const visited = new Set<string>();
  let succeeded = 0;
  let failed = 0;

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
    };
  };

  const record = async (child: DatasourceRecord, outcome: IngestionOutcome) => {
    if (outcome.ok) succeeded += 1;
    else failed += 1;
    await commitOutcome(context, child, outcome);
    const title = outcome.ok ? outcome.config?.title : undefined;
    if (typeof title === 'string' && title.trim() !== '') {
      await database.query('UPDATE datasources SET name = $2 WHERE id = $1', [
        child.id,
        title.trim().slice(0, LIMITS.nameLength.max),
      ]);
    }
  };

  const summary = await crawlSite({
    fetcher: context.fetcher,
    sitemapUrl: typeof site.config.sitemap === 'string' ? site.config.sitemap : undefined,
    startUrl: typeof site.config.source_url === 'string' ? site.config.source_url : undefined,
    maxPages:
      typeof site.config.max_pages === 'number' ? site.config.max_pages : LIMITS.crawlPages.default,
    maxDepth:
      typeof site.config.max_depth === 'number' ? site.config.max_depth : LIMITS.crawlDepth.default,
    allowedOrigins: stringList(site.config.allowed_origins),
    excludedPrefixes: stringList(site.config.black_listed_urls),
    signal,
    async onPage(page: FetchedResource) {
      const child = await childFor(page.url);
      let links: string[] = [];
      let outcome: IngestionOutcome;
      try {
        outcome = await outcomeOfPage(child, page, (found) => {
          links = found;
        });
      } catch (error) {
        outcome = { ok: false, message: describeFailure(error) };
      }
      await record(child, outcome);
      return links;
    },
    async onFailure(url, error) {
      await record(await childFor(url), { ok: false, message: describeFailure(error) });
    },
  });
  if (signal.aborted) throw signal.reason;
  const gone = [...children].filter(([url]) => !visited.has(url)).map(([, id]) => id);
  if (gone.length > 0) {
    await database.query('DELETE FROM datasources WHERE id = ANY($1::text[]) AND group_id = $2', [
      gone,
      site.id,
    ]);
  }
  if (succeeded === 0) {
    return {
      ok: false,
      message:
        summary.pages === 0
          ? `No pages were found at ${String(site.config.sitemap ?? site.config.source_url)}${summary.disallowed > 0 ? ` (${summary.disallowed} disallowed by robots.txt)` : ''}.`
          : `None of the ${summary.pages} pages could be ingested; see the pages' errors.`,
    };
  }
  return {
    ok: true,
    chunks: [],
    contentHash: createId(),
    config: {
      pages: succeeded,
      failed_pages: failed,
      ...(summary.disallowed > 0 ? { disallowed_pages: summary.disallowed } : {}),
      stopped_by: summary.stoppedBy ?? null,
    },
  };
}

/**
 * A web site's pages as its child `web_page` datasources (`groupId`: the site's id): the
 * ones a sync starts with and what each held at its last read, a child created the first
 * time a sync meets its URL, and the removal of pages that are gone.
 */
import { LIMITS } from '@agent-chat/protocol';
import { createId } from '../store/index.js';
import type { CrawlPageMemory } from '../web/index.js';
import type { DatasourceRecord, IngestionContext, PreviousContent } from './ingestion-context.js';
import {
  PREVIOUS_CONTENT_COLUMNS,
  type PreviousContentRow,
  previousContentOf,
} from './previous-content.js';

/** A site's pages during one sync (see {@link loadSitePages}). */
export interface SitePages {
  /** What the page at `url` held at its last read; `undefined` for a page never read. */
  previousOf(url: string): PreviousContent | undefined;
  /** What the crawl needs of the page's last read: its validators and when it was read. */
  memoryOf(url: string): CrawlPageMemory | undefined;
  /**
   * The page's datasource, inserted (`running`, named by its URL) the first time its URL
   * is met; the page counts as visited by this sync.
   */
  childFor(url: string): Promise<DatasourceRecord>;
  /** Deletes the page at `url` (the site answered 404 or 410 for it). */
  remove(url: string): Promise<void>;
  /** Deletes the pages this sync did not visit; answers how many. */
  removeUnvisited(): Promise<number>;
}

/** Reads the child pages of `site` as a sync starts, with their previous content. */
export async function loadSitePages(
  context: IngestionContext,
  site: DatasourceRecord,
): Promise<SitePages> {
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

  return {
    previousOf: (url) => previous.get(url),
    memoryOf(url) {
      const content = previous.get(url);
      return content === undefined
        ? undefined
        : { validators: content.validators, readAt: content.readAt };
    },
    async childFor(url) {
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
    },
    async remove(url) {
      await database.query('DELETE FROM datasources WHERE id = $1 AND group_id = $2', [
        children.get(url),
        site.id,
      ]);
      children.delete(url);
    },
    async removeUnvisited() {
      const gone = [...children].filter(([url]) => !visited.has(url)).map(([, id]) => id);
      if (gone.length === 0) return 0;
      const removed = await database.query(
        'DELETE FROM datasources WHERE id = ANY($1::text[]) AND group_id = $2 RETURNING 1',
        [gone, site.id],
      );
      return removed.length;
    },
  };
}

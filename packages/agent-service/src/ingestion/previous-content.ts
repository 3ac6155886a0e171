import type { PreviousContent } from './ingestion-context.js';

/**
 * The columns {@link previousContentOf} reads, for a `SELECT` from `datasources` aliased `d`:
 * what a web page indexed at its last read, and whether it still has chunks.
 */
export const PREVIOUS_CONTENT_COLUMNS = `d.content_hash, d.http_etag, d.http_last_modified,
  d.last_synch, d.page_links,
  EXISTS (SELECT 1 FROM chunks c WHERE c.datasource_id = d.id) AS has_chunks`;

/** A row with {@link PREVIOUS_CONTENT_COLUMNS}. */
export interface PreviousContentRow {
  content_hash: string | null;
  http_etag: string | null;
  http_last_modified: string | null;
  last_synch: Date | string | null;
  page_links: unknown;
  has_chunks: boolean;
}

/**
 * What a datasource has indexed, as a re-sync compares with it; undefined when it has no
 * chunks or no hash (then it is read in full: a 304 would leave it empty).
 */
export function previousContentOf(row: PreviousContentRow): PreviousContent | undefined {
  if (row.content_hash === null || !row.has_chunks || row.last_synch === null) return undefined;
  const validators =
    row.http_etag === null && row.http_last_modified === null
      ? undefined
      : {
          ...(row.http_etag === null ? {} : { etag: row.http_etag }),
          ...(row.http_last_modified === null ? {} : { lastModified: row.http_last_modified }),
        };
  return {
    contentHash: row.content_hash,
    ...(validators === undefined ? {} : { validators }),
    links: Array.isArray(row.page_links)
      ? row.page_links.filter((link): link is string => typeof link === 'string')
      : [],
    readAt: new Date(row.last_synch),
  };
}

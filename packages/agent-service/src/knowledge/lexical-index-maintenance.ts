import type { Queryable } from '../store/index.js';

/** What {@link maintainLexicalIndex} did. */
export interface LexicalIndexMaintenance {
  /** Pages of the full-text index's pending list merged into the index. */
  mergedPages: number;
}

/**
 * Upkeep of the lexical index after a burst of writes, for when ingestion goes idle (and
 * at start-up): merges the chunks' full-text index pending list (`gin_clean_pending_list`).
 * New chunks' index entries wait there, unsorted, until it reaches its 4 MB limit
 * (migration 10), and every search scans it linearly; PGlite has no autovacuum to merge
 * it. Merging here keeps searches in steady state off the pending list while ingestion
 * still merges in bulk. Safe to run at any time, from any process.
 */
export async function maintainLexicalIndex(database: Queryable): Promise<LexicalIndexMaintenance> {
  const rows = await database.query<{ pages: number | string }>(
    `SELECT gin_clean_pending_list('chunks_tsv'::regclass) AS pages`,
  );
  return { mergedPages: Number(rows[0]?.pages ?? 0) };
}

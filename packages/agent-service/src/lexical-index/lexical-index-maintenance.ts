import type { Database } from '../store/index.js';

/** What {@link maintainLexicalIndex} did. */
interface LexicalIndexMaintenance {
  /** Datastores whose term statistics were compacted. */
  compactedDatastores: number;
  /** Pages of the full-text index's pending list merged into the index. */
  mergedPages: number;
}

/**
 * Compacts one datastore's term statistics: its appended deltas (migration 12) summed into
 * one row per term, terms no chunk holds any more dropped. Holds the datastore's totals
 * row, as every writer does first, so no write lands while the rows are rewritten; a
 * datastore deleted meanwhile is skipped.
 */
async function compactTermDeltas(database: Database, datastoreId: string): Promise<boolean> {
  return database.transaction(async (transaction) => {
    const locked = await transaction.query<{ deltas: number }>(
      'SELECT term_deltas AS deltas FROM lexicon_totals WHERE datastore_id = $1 FOR UPDATE',
      [datastoreId],
    );
    if ((locked[0]?.deltas ?? 0) === 0) return false;
    // Only the terms with several rows (or none left): a small batch added to a large
    // datastore rewrites a few rows, not its whole vocabulary.
    await transaction.query(
      `WITH summed AS (
         SELECT term FROM lexicon_terms WHERE datastore_id = $1
         GROUP BY term HAVING count(*) > 1 OR sum(chunks) = 0
       ), gone AS (
         DELETE FROM lexicon_terms t USING summed
         WHERE t.datastore_id = $1 AND t.term = summed.term RETURNING t.term, t.chunks
       )
       INSERT INTO lexicon_terms (datastore_id, term, chunks)
       SELECT $1, term, sum(chunks) FROM gone GROUP BY term HAVING sum(chunks) <> 0`,
      [datastoreId],
    );
    await transaction.query('UPDATE lexicon_totals SET term_deltas = 0 WHERE datastore_id = $1', [
      datastoreId,
    ]);
    return true;
  });
}

/**
 * Upkeep of the lexical index after a burst of writes, for when ingestion goes idle (and
 * at start-up), so that searches in steady state read it at its cheapest:
 * - the term statistics each write appended (one row per term and batch, migration 12) are
 *   compacted to one row per term (and the dead rows vacuumed: PGlite has no autovacuum);
 * - the chunks' full-text index pending list is merged (`gin_clean_pending_list`): new
 *   chunks' entries wait there, unsorted, until it reaches its 4 MB limit (migration 10),
 *   and every search scans it linearly.
 * Ingestion itself never waits for either. Safe at any time, from any process.
 */
export async function maintainLexicalIndex(database: Database): Promise<LexicalIndexMaintenance> {
  const datastores = await database.query<{ id: string }>(
    'SELECT datastore_id AS id FROM lexicon_totals WHERE term_deltas > 0 ORDER BY 1',
  );
  let compactedDatastores = 0;
  for (const datastore of datastores) {
    if (await compactTermDeltas(database, datastore.id)) compactedDatastores += 1;
  }
  if (compactedDatastores > 0) await database.exec('VACUUM lexicon_terms');
  const rows = await database.query<{ pages: number | string }>(
    `SELECT gin_clean_pending_list('chunks_tsv'::regclass) AS pages`,
  );
  return { compactedDatastores, mergedPages: Number(rows[0]?.pages ?? 0) };
}

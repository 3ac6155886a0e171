import { createId, type Queryable } from '../store/index.js';
import { analyzeChunk } from './text-terms.js';

/** A chunk to store: its place in the document, its heading trail and its text. */
export interface ChunkInput {
  /** 0-based order inside the document. */
  position: number;
  /** Document title and the heading the chunk sits under, e.g. `Guide › Install`. */
  title: string;
  content: string;
  /** Id of the heading the chunk sits under in its web page (`source_url#anchor`). */
  anchor?: string | undefined;
  /** PDF page the chunk comes from. */
  pageNumber?: number | undefined;
}

/** One datasource's new set of chunks, for {@link replaceChunksOf}. */
export interface ChunkReplacement {
  datasource: { id: string; datastoreId: string };
  chunks: readonly ChunkInput[];
}

/** Text as Postgres stores it from JSON: no NUL (text cannot hold it), no lone surrogates. */
function storable(text: string): string {
  if (!/[\u0000\uD800-\uDFFF]/.test(text)) return text;
  return text
    .replace(/\u0000/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * The one write path for chunks: replaces every chunk of each given datasource with its
 * new chunks, inside the caller's transaction (so readers see a datasource's old set or
 * its new one, never a mix or none), and returns the new chunk ids per replacement, in the
 * order given. A whole batch costs a handful of statements, whatever its size: the service
 * analyses every chunk (its `tsvector` and length, see `analyzeChunk`), adds the batch's
 * term statistics (chunk count and total length to the datastore's totals row, document
 * frequency per term appended as deltas that readers sum — migrations 4 and 12) in one
 * statement per table, and inserts the chunks in one; the statistics of deleted chunks
 * are taken off by the triggers on `chunks` (so cascades are counted too).
 * Concurrent writers of one datasource queue on its row lock; writers of one datastore's
 * statistics queue on its totals row (always locked first, in datastore order; the
 * deltas' compaction takes it too), so the counts stay exact.
 * An empty `chunks` just deletes the datasource's chunks.
 *
 * @example
 * await database.transaction((transaction) =>
 *   replaceChunksOf(transaction, [{ datasource: { id, datastoreId }, chunks }]),
 * );
 */
export async function replaceChunksOf(
  transaction: Queryable,
  replacements: readonly ChunkReplacement[],
): Promise<string[][]> {
  if (replacements.length === 0) return [];
  // The analysis (the costly part in JS) happens before any lock is taken.
  const last = new Map(replacements.map((item) => [item.datasource.id, item]));
  const rows: unknown[][] = [];
  const totals = new Map<string, { chunks: number; length: number }>();
  const terms = new Map<string, Map<string, number>>();
  const ids = replacements.map((item) => {
    const { datastoreId } = item.datasource;
    const total = totals.get(datastoreId) ?? { chunks: 0, length: 0 };
    totals.set(datastoreId, total);
    // A datasource named twice keeps its last set of chunks.
    if (last.get(item.datasource.id) !== item) return [];
    const counts = terms.get(datastoreId) ?? new Map<string, number>();
    terms.set(datastoreId, counts);
    return item.chunks.map((chunk) => {
      const id = createId();
      const title = storable(chunk.title);
      const content = storable(chunk.content);
      const analyzed = analyzeChunk(title, content);
      total.chunks += 1;
      total.length += analyzed.length;
      for (const lexeme of analyzed.lexemes) counts.set(lexeme, (counts.get(lexeme) ?? 0) + 1);
      rows.push([
        id,
        item.datasource.id,
        datastoreId,
        chunk.position,
        title,
        content,
        analyzed.length,
        chunk.anchor === undefined || chunk.anchor === null ? null : storable(chunk.anchor),
        chunk.pageNumber ?? null,
        analyzed.tsvector,
      ]);
      return id;
    });
  });
  const datasourceIds = [...last.keys()].sort();
  const datastores = [...totals.keys()].sort();
  // Two replacements of one datasource at once must not both keep their chunks: the
  // second waits here for the first to commit, then deletes what the first wrote.
  await transaction.query(
    'SELECT 1 FROM datasources WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
    [datasourceIds],
  );
  // Every datastore's totals row is locked here, in order, before its statistics change
  // (the delete trigger below and the deltas' compaction take it too): writers of one
  // datastore queue here, never deadlock, and never race a compaction.
  await transaction.query(
    `INSERT INTO lexicon_totals AS t (datastore_id, chunks, total_length, term_deltas)
     SELECT *, 1 FROM unnest($1::text[], $2::bigint[], $3::bigint[]) ORDER BY 1
     ON CONFLICT (datastore_id) DO UPDATE
       SET chunks = t.chunks + excluded.chunks, total_length = t.total_length + excluded.total_length,
         term_deltas = t.term_deltas + 1`,
    [
      datastores,
      datastores.map((id) => totals.get(id)?.chunks ?? 0),
      datastores.map((id) => totals.get(id)?.length ?? 0),
    ],
  );
  await transaction.query('DELETE FROM chunks WHERE datasource_id = ANY($1::text[])', [
    datasourceIds,
  ]);
  if (rows.length === 0) return ids;
  const termDatastores: string[] = [];
  const termNames: string[] = [];
  const termCounts: number[] = [];
  for (const datastoreId of datastores) {
    for (const [term, count] of terms.get(datastoreId) ?? []) {
      termDatastores.push(datastoreId);
      termNames.push(term);
      termCounts.push(count);
    }
  }
  await transaction.query(
    `INSERT INTO chunks
       (id, datasource_id, datastore_id, position, title, content, length, anchor, page_number, tsv)
     SELECT r->>0, r->>1, r->>2, (r->>3)::integer, r->>4, r->>5, (r->>6)::integer, r->>7,
       (r->>8)::integer, (r->>9)::tsvector
     FROM json_array_elements($1::json) AS r`,
    [JSON.stringify(rows)],
  );
  // Appended, not added to a row per term: no read-modify-write (migration 12).
  await transaction.query(
    `INSERT INTO lexicon_terms (datastore_id, term, chunks)
     SELECT * FROM unnest($1::text[], $2::text[], $3::integer[])`,
    [termDatastores, termNames, termCounts],
  );
  return ids;
}

/**
 * {@link replaceChunksOf} for one datasource: replaces its chunks with `chunks` and returns
 * the new ids in order.
 *
 * @example
 * await database.transaction((transaction) =>
 *   replaceChunks(transaction, { id: datasourceId, datastoreId }, chunkText(text, name)),
 * );
 */
export async function replaceChunks(
  transaction: Queryable,
  datasource: { id: string; datastoreId: string },
  chunks: readonly ChunkInput[],
): Promise<string[]> {
  return (await replaceChunksOf(transaction, [{ datasource, chunks }]))[0] ?? [];
}

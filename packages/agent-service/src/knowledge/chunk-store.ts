import { createId, type Queryable } from '../store/index.js';
import { wordsOf } from './text-terms.js';

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

/**
 * The one write path for chunks: replaces every chunk of `datasource` with `chunks`, inside
 * the caller's transaction (so readers see the old set or the new one, never a mix), and
 * returns the new chunk ids in the order given. Postgres derives each chunk's `tsvector`;
 * triggers on `chunks` keep the datastore's lexical statistics (document frequency per
 * term, chunk count, total length — see migration 4) in step, in the same transaction.
 * Concurrent writers of one datasource, and of one datastore's statistics, queue on row
 * locks until the first commits.
 * An empty `chunks` just deletes the datasource's chunks.
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
  // Two replacements of one datasource at once must not both keep their chunks: the
  // second waits here for the first to commit, then deletes what the first wrote.
  await transaction.query('SELECT 1 FROM datasources WHERE id = $1 FOR UPDATE', [datasource.id]);
  await transaction.query('DELETE FROM chunks WHERE datasource_id = $1', [datasource.id]);
  if (chunks.length === 0) return [];
  const ids = chunks.map(() => createId());
  await transaction.query(
    `INSERT INTO chunks
       (id, datasource_id, datastore_id, position, title, content, length, anchor, page_number)
     SELECT c.id, $1, $2, c.position, c.title, c.content, c.length, c.anchor, c.page_number
     FROM unnest($3::text[], $4::integer[], $5::text[], $6::text[], $7::integer[], $8::text[],
       $9::integer[]) AS c (id, position, title, content, length, anchor, page_number)`,
    [
      datasource.id,
      datasource.datastoreId,
      ids,
      chunks.map((chunk) => chunk.position),
      chunks.map((chunk) => chunk.title),
      // Postgres text cannot hold NUL; a loader may have let one through.
      chunks.map((chunk) => chunk.content.replace(/\u0000/g, '')),
      chunks.map((chunk) => wordsOf(`${chunk.title} ${chunk.content}`).length),
      chunks.map((chunk) => chunk.anchor ?? null),
      chunks.map((chunk) => chunk.pageNumber ?? null),
    ],
  );
  return ids;
}

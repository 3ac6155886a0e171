import type { DocumentChunk } from '../knowledge/index.js';
import { createId, type Queryable } from '../store/index.js';

/**
 * Replaces a datasource's chunks, inside the caller's transaction: a query sees either the
 * old chunks or the new ones, never none or both. The one place ingestion writes chunks
 * (retrieval's index statistics hook in here).
 */
export async function replaceChunks(
  transaction: Queryable,
  datasource: { id: string; datastoreId: string },
  chunks: readonly DocumentChunk[],
): Promise<void> {
  await transaction.query('DELETE FROM chunks WHERE datasource_id = $1', [datasource.id]);
  if (chunks.length === 0) return;
  await transaction.query(
    `INSERT INTO chunks (id, datasource_id, datastore_id, position, title, content, anchor, page_number)
     SELECT c.id, $1, $2, c.position, c.title, c.content, c.anchor, c.page_number
     FROM unnest($3::text[], $4::integer[], $5::text[], $6::text[], $7::text[], $8::integer[])
       AS c (id, position, title, content, anchor, page_number)`,
    [
      datasource.id,
      datasource.datastoreId,
      chunks.map(() => createId()),
      chunks.map((_chunk, index) => index),
      chunks.map((chunk) => chunk.title),
      chunks.map((chunk) => chunk.content.replace(/\u0000/g, '')),
      chunks.map((chunk) => chunk.anchor ?? null),
      chunks.map((chunk) => chunk.pageNumber ?? null),
    ],
  );
}

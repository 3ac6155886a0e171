import { type DocumentChunk, replaceChunks } from '../knowledge/index.js';
import type { Queryable } from '../store/index.js';

/**
 * Replaces a datasource's chunks with a document's chunks, in their order, inside the
 * caller's transaction, through knowledge's one chunk write path (`replaceChunks`, which
 * keeps the retrieval statistics): a query sees either the old chunks or the new ones.
 */
export async function writeDocumentChunks(
  transaction: Queryable,
  datasource: { id: string; datastoreId: string },
  chunks: readonly DocumentChunk[],
): Promise<void> {
  await replaceChunks(
    transaction,
    datasource,
    chunks.map((chunk, position) => ({ ...chunk, position })),
  );
}

import { type ChunkAnalysisPool, replaceChunksOf } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';
import type { DocumentChunk } from './chunking/index.js';

/**
 * Replaces each datasource's chunks with its document's chunks, in their order, inside the
 * caller's transaction, through the lexical index's one chunk write path (`replaceChunksOf`, which
 * keeps the retrieval statistics; a whole batch of documents costs a few statements, large
 * ones analysed by `pool`'s thread): a query sees either a datasource's old chunks or its
 * new ones.
 */
export async function writeDocumentsChunks(
  transaction: Queryable,
  documents: readonly {
    datasource: { id: string; datastoreId: string };
    chunks: readonly DocumentChunk[];
  }[],
  pool?: ChunkAnalysisPool,
): Promise<void> {
  await replaceChunksOf(
    transaction,
    documents.map((document) => ({
      datasource: document.datasource,
      chunks: document.chunks.map((chunk, position) => ({ ...chunk, position })),
    })),
    pool,
  );
}

import { replaceChunksOf } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';
import type { DocumentChunk } from './chunking/index.js';

/**
 * Replaces each datasource's chunks with its document's chunks, in their order, inside the
 * caller's transaction, through knowledge's one chunk write path (`replaceChunksOf`, which
 * keeps the retrieval statistics; a whole batch of documents costs a few statements): a
 * query sees either a datasource's old chunks or its new ones.
 */
export async function writeDocumentsChunks(
  transaction: Queryable,
  documents: readonly {
    datasource: { id: string; datastoreId: string };
    chunks: readonly DocumentChunk[];
  }[],
): Promise<void> {
  await replaceChunksOf(
    transaction,
    documents.map((document) => ({
      datasource: document.datasource,
      chunks: document.chunks.map((chunk, position) => ({ ...chunk, position })),
    })),
  );
}

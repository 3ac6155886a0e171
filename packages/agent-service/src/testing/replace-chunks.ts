import { replaceChunksOf } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';

/** One datasource's replacement, as `replaceChunksOf` takes a list of them. */
type ChunkReplacement = Parameters<typeof replaceChunksOf>[1][number];

/**
 * `replaceChunksOf` for one datasource, as tests fill an index: replaces its chunks with
 * `chunks` and returns the new ids in order.
 *
 * @example
 * await database.transaction((transaction) =>
 *   replaceChunks(transaction, { id: 'a', datastoreId: 's1' }, [{ position: 0, title, content }]),
 * );
 */
export async function replaceChunks(
  transaction: Queryable,
  datasource: ChunkReplacement['datasource'],
  chunks: ChunkReplacement['chunks'],
): Promise<string[]> {
  return (await replaceChunksOf(transaction, [{ datasource, chunks }]))[0] ?? [];
}

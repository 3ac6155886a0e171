import type { Database } from '../store/index.js';
import type { EmbeddingsClient } from './embeddings-client.js';
import { EmbeddingsError } from './embeddings-error.js';
import { type ChunkToEmbed, ensureSpace, findSpace, writeVectors } from './vector-store.js';

/**
 * Embeds chunks (one request when the server takes them all) and stores their vectors in
 * the client's model's space, created at the size of the first vectors. A text the server
 * refuses (HTTP 4xx other than auth) is found by sending the batch's texts one by one and
 * stored without a vector (`onSkip` is told). Other failures reject: nothing is stored.
 * Returns how many chunks were skipped.
 */
export async function embedChunks(
  database: Database,
  client: EmbeddingsClient,
  batch: readonly ChunkToEmbed[],
  options: {
    signal?: AbortSignal;
    onSkip?: (chunkId: string, error: EmbeddingsError) => void;
  } = {},
): Promise<number> {
  let vectors: (number[] | null)[];
  try {
    vectors = await client.embed(
      batch.map((chunk) => chunk.text),
      options.signal ? { signal: options.signal } : {},
    );
  } catch (error) {
    if (!(error instanceof EmbeddingsError) || error.failure !== 'rejected') throw error;
    if (batch.length > 1) {
      let skipped = 0;
      for (const chunk of batch) skipped += await embedChunks(database, client, [chunk], options);
      return skipped;
    }
    options.onSkip?.((batch[0] as ChunkToEmbed).id, error);
    vectors = [null];
  }
  const size = vectors.find((vector) => vector !== null)?.length;
  const space =
    size === undefined
      ? await findSpace(database, client.model)
      : await ensureSpace(database, client.model, size);
  if (!space) return vectors.length;
  await writeVectors(
    database,
    space,
    batch.map((chunk, index) => ({ chunkId: chunk.id, vector: vectors[index] ?? null })),
  );
  return vectors.filter((vector) => vector === null).length;
}

import type { Database } from '../store/index.js';
import { embedChunks } from './embed-chunks.js';
import type { EmbeddingsClient } from './embeddings-client.js';
import { dimensionMismatch, type EmbeddingsError } from './embeddings-error.js';
import {
  chunksToEmbed,
  dropSpace,
  findSpace,
  otherSpaces,
  prepareVectorStore,
} from './vector-store.js';

/** Options of {@link reembed}. */
export interface ReembedOptions {
  /** Only this datastore's chunks. Default: every chunk, and other models' vectors are deleted. */
  datastoreId?: string | undefined;
  /** Chunks per request. Default 64. */
  batchSize?: number;
  /** Told after every batch: chunks done (embedded or skipped) out of `total`. */
  onProgress?: (done: number, total: number) => void;
  onSkip?: (chunkId: string, error: EmbeddingsError) => void;
  signal?: AbortSignal;
}

/** What {@link reembed} did. */
export interface ReembedResult {
  chunks: number;
  /** Chunks whose text the server refused (stored without a vector). */
  skipped: number;
  dimensions: number | undefined;
  /** Models whose vectors were deleted (a full reembed keeps only the current model's). */
  removedModels: string[];
}

/**
 * Embeds every chunk again with the client's model — after a model change, or when the
 * model behind a name changed. A full reembed whose vectors come back at another size
 * than the stored ones rebuilds the space (and its HNSW index) at the new size, then
 * deletes the vectors of other models; one datastore alone cannot change the size (a
 * `dimension_mismatch` error naming both sizes). Interrupted, it can simply be run again.
 */
export async function reembed(
  database: Database,
  client: EmbeddingsClient,
  options: ReembedOptions = {},
): Promise<ReembedResult> {
  await prepareVectorStore(database);
  const batchSize = options.batchSize ?? 64;
  const [count] = await database.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM chunks WHERE ($1::text IS NULL OR datastore_id = $1)`,
    [options.datastoreId ?? null],
  );
  const total = count?.total ?? 0;
  let space = await findSpace(database, client.model);
  let dimensions = space?.dimensions;
  if (total > 0) {
    const [probe] = await client.embed(
      ['dimension probe'],
      options.signal ? { signal: options.signal } : {},
    );
    dimensions = probe?.length;
    if (space && dimensions !== undefined && space.dimensions !== dimensions) {
      if (options.datastoreId !== undefined) {
        const error = dimensionMismatch(client.model, space.dimensions, dimensions);
        error.message += ' A new size needs every datastore: run reembed without --datastore.';
        throw error;
      }
      await dropSpace(database, space);
      space = undefined;
    }
  }
  let done = 0;
  let skipped = 0;
  let afterId: string | undefined;
  options.onProgress?.(0, total);
  for (;;) {
    options.signal?.throwIfAborted();
    const batch = await chunksToEmbed(database, space, {
      limit: batchSize,
      datastoreId: options.datastoreId,
      all: true,
      ...(afterId === undefined ? {} : { afterId }),
    });
    if (batch.length === 0) break;
    skipped += await embedChunks(database, client, batch, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onSkip ? { onSkip: options.onSkip } : {}),
    });
    afterId = batch.at(-1)?.id;
    done += batch.length;
    options.onProgress?.(Math.min(done, total), Math.max(total, done));
  }
  const removedModels: string[] = [];
  if (options.datastoreId === undefined) {
    for (const old of await otherSpaces(database, client.model)) {
      await dropSpace(database, old);
      removedModels.push(old.model);
    }
  }
  return { chunks: done, skipped, dimensions, removedModels };
}

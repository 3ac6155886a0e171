import type { HybridRetrievalOptions } from '../embeddings/index.js';
import { type CliIo, integerEnv, UsageError } from './cli-io.js';

/**
 * The `embeddings` option from `EMBEDDINGS_URL`, `EMBEDDINGS_MODEL`, `EMBEDDINGS_API_KEY`,
 * `EMBEDDINGS_DIMENSIONS` and `EMBEDDINGS_MIN_SIMILARITY`; undefined without a URL.
 */
export function embeddingsFromEnv(io: CliIo): HybridRetrievalOptions | undefined {
  const url = io.env.EMBEDDINGS_URL;
  if (!url) return undefined;
  if (!URL.canParse(url)) {
    throw new UsageError('EMBEDDINGS_URL must be an absolute URL, e.g. http://127.0.0.1:11434/v1.');
  }
  const model = io.env.EMBEDDINGS_MODEL;
  if (!model) {
    throw new UsageError(
      'EMBEDDINGS_MODEL is required with EMBEDDINGS_URL, e.g. nomic-embed-text.',
    );
  }
  const dimensions = integerEnv(io, 'EMBEDDINGS_DIMENSIONS');
  if (dimensions === 0) throw new UsageError('EMBEDDINGS_DIMENSIONS must be 1 or more.');
  const rawSimilarity = io.env.EMBEDDINGS_MIN_SIMILARITY;
  const minSimilarity = rawSimilarity ? Number(rawSimilarity) : undefined;
  if (minSimilarity !== undefined && !(minSimilarity >= -1 && minSimilarity <= 1)) {
    throw new UsageError(
      `EMBEDDINGS_MIN_SIMILARITY must be a number from -1 to 1 (got "${rawSimilarity}").`,
    );
  }
  return {
    url,
    model,
    ...(io.env.EMBEDDINGS_API_KEY ? { apiKey: io.env.EMBEDDINGS_API_KEY } : {}),
    ...(dimensions === undefined ? {} : { dimensions }),
    ...(minSimilarity === undefined ? {} : { minSimilarity }),
  };
}

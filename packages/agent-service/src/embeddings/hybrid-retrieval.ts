import type { Logger } from '../logger.js';
import type { Database } from '../store/index.js';
import { type EmbeddingPass, startEmbeddingPass } from './embedding-pass.js';
import { createEmbeddingsClient, type EmbeddingsOptions } from './embeddings-client.js';
import { dimensionMismatch } from './embeddings-error.js';
import { createVectorSearch, type VectorSearch } from './vector-search.js';
import { findSpace, prepareVectorStore } from './vector-store.js';

/** The service's `embeddings` option: the API to use, and how searches and the pass use it. */
export interface HybridRetrievalOptions extends Omit<EmbeddingsOptions, 'fetch'> {
  /** Nearest chunks below this cosine similarity are not used. Default `DEFAULT_MIN_SIMILARITY`. */
  minSimilarity?: number;
  /** Longest wait for a question's vector before answering lexically, ms. Default 5 000. */
  queryTimeoutMs?: number;
  /** See `startEmbeddingPass`. */
  idlePollMs?: number;
  failurePauseMs?: number;
}

/** Hybrid retrieval as the service runs it. */
export interface HybridRetrieval {
  vectorSearch: VectorSearch;
  /** The background pass (absent when this process runs no ingestion workers). */
  pass: EmbeddingPass | undefined;
  /** Chunks still without a vector of the current model. */
  pending(): Promise<number>;
}

/**
 * Starts hybrid retrieval: enables pgvector and the vector table (a clear error when the
 * database cannot), checks a configured vector size against the stored one, and starts
 * the background embedding pass when `runPass`.
 */
export async function startHybridRetrieval(
  database: Database,
  options: HybridRetrievalOptions & { fetch?: typeof fetch | undefined },
  logger: Logger,
  runPass: boolean,
): Promise<HybridRetrieval> {
  await prepareVectorStore(database);
  const client = createEmbeddingsClient({
    ...options,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  } as EmbeddingsOptions);
  const stored = await findSpace(database, client.model);
  if (stored && client.dimensions !== undefined && stored.dimensions !== client.dimensions) {
    throw dimensionMismatch(client.model, stored.dimensions, client.dimensions, true);
  }
  const vectorSearch = createVectorSearch({
    database,
    client,
    logger,
    ...(options.minSimilarity === undefined ? {} : { minSimilarity: options.minSimilarity }),
    ...(options.queryTimeoutMs === undefined ? {} : { timeoutMs: options.queryTimeoutMs }),
  });
  const pass = runPass
    ? startEmbeddingPass({
        database,
        client,
        logger,
        ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
        ...(options.idlePollMs === undefined ? {} : { idlePollMs: options.idlePollMs }),
        ...(options.failurePauseMs === undefined ? {} : { failurePauseMs: options.failurePauseMs }),
      })
    : undefined;
  return {
    vectorSearch,
    pass,
    async pending() {
      const space = await findSpace(database, client.model);
      const [row] = await database.query<{ pending: number }>(
        `SELECT count(*)::int AS pending FROM chunks c WHERE NOT EXISTS (
           SELECT 1 FROM chunk_vectors v WHERE v.space_id = $1 AND v.chunk_id = c.id)`,
        [space?.id ?? 0],
      );
      return row?.pending ?? 0;
    },
  };
}

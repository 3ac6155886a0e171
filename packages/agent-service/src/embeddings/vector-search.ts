import type { QueryFilters } from '@agent-chat/protocol';
import type { Logger } from '../logger.js';
import type { Database } from '../store/index.js';
import type { EmbeddingsClient } from './embeddings-client.js';
import { dimensionMismatch } from './embeddings-error.js';
import { findSpace, indexedVector, type VectorSpace, vectorLiteral } from './vector-store.js';

/** What to search with {@link VectorSearch}. */
export interface VectorSearchOptions {
  datastoreIds: readonly string[];
  filters?: QueryFilters | undefined;
  limit: number;
}

/**
 * Chunk ids nearest in meaning to a question, best first. Resolves with none (and logs a
 * warning) when the question cannot be embedded, so retrieval carries on lexically.
 */
export type VectorSearch = (query: string, options: VectorSearchOptions) => Promise<string[]>;

/** Nearest chunks below this cosine similarity are left out of a search, when nobody says otherwise. */
export const DEFAULT_MIN_SIMILARITY = 0.2;

/** Options of {@link createVectorSearch}. */
export interface CreateVectorSearchOptions {
  database: Database;
  client: EmbeddingsClient;
  logger: Logger;
  /** Longest wait for the question's vector, ms. Default 5 000. */
  timeoutMs?: number;
  /** Nearest chunks below this cosine similarity are left out. Default {@link DEFAULT_MIN_SIMILARITY}. */
  minSimilarity?: number;
  /** HNSW candidate list size (`hnsw.ef_search`). Default 100. */
  efSearch?: number;
}

/**
 * The vector half of hybrid retrieval: embeds the question (one try, short timeout) and
 * asks pgvector's HNSW index (cosine distance) for the nearest chunks of the datastores,
 * with iterative index scans so that the datastore and `filters` restrictions still fill
 * `limit` rows.
 */
export function createVectorSearch(options: CreateVectorSearchOptions): VectorSearch {
  const { database, client, logger } = options;
  const minSimilarity = options.minSimilarity ?? DEFAULT_MIN_SIMILARITY;
  const efSearch = Math.max(1, Math.floor(options.efSearch ?? 100));
  return async (query, search) => {
    if (search.datastoreIds.length === 0) return [];
    // Read every time (a unique-key lookup): a reembed elsewhere may have replaced it.
    const space = await findSpace(database, client.model);
    // Nothing embedded with this model yet.
    if (!space) return [];
    let vector: number[];
    try {
      const [embedded] = await client.embed([query], {
        maxAttempts: 1,
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      vector = embedded as number[];
      if (vector.length !== space.dimensions) {
        throw dimensionMismatch(client.model, space.dimensions, vector.length);
      }
    } catch (error) {
      logger.warn(
        { err: (error as Error).message },
        'embeddings: the question could not be embedded; lexical retrieval only',
      );
      return [];
    }
    const current: VectorSpace = space;
    const distance = `${indexedVector(current, 'v.embedding')} <=> $1::vector::${current.dimensions > 2_000 ? 'halfvec' : 'vector'}(${current.dimensions})`;
    return database.transaction(async (transaction) => {
      await transaction.exec(
        `SET LOCAL hnsw.ef_search = ${efSearch}; SET LOCAL hnsw.iterative_scan = relaxed_order`,
      );
      const rows = await transaction.query<{ chunk_id: string }>(
        `WITH nearest AS MATERIALIZED (
           SELECT v.chunk_id, ${distance} AS distance FROM chunk_vectors v
           WHERE v.space_id = ${current.id} AND v.datastore_id = ANY($2::text[])
             AND ($3::text[] IS NULL OR EXISTS (
               SELECT 1 FROM chunks c WHERE c.id = v.chunk_id AND c.datasource_id = ANY($3::text[])))
             AND ($4::text[] IS NULL OR EXISTS (
               SELECT 1 FROM chunks c JOIN datasources d ON d.id = c.datasource_id
               WHERE c.id = v.chunk_id AND d.config ->> 'custom_id' = ANY($4::text[])))
           ORDER BY ${distance}
           LIMIT $5
         )
         SELECT chunk_id FROM nearest WHERE distance <= $6 ORDER BY distance, chunk_id`,
        [
          vectorLiteral(vector),
          [...search.datastoreIds],
          search.filters?.datasource_ids ?? null,
          search.filters?.custom_ids ?? null,
          search.limit,
          1 - minSimilarity,
        ],
      );
      return rows.map((row) => row.chunk_id);
    });
  };
}

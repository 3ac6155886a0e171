/**
 * Embeddings for hybrid retrieval (opt-in): a client of any OpenAI-compatible
 * `/v1/embeddings` API (batched, retried with backoff), vectors stored with pgvector
 * (PGlite's extension or pgvector on PostgreSQL; one HNSW index per model), the
 * background pass that embeds chunks without vectors, the vector half of a search, and
 * the reembed after a model change.
 */
export { createEmbeddingsClient } from './embeddings-client.js';
export { EmbeddingsError, type EmbeddingsFailure } from './embeddings-error.js';
export {
  type HybridRetrieval,
  type HybridRetrievalOptions,
  startHybridRetrieval,
} from './hybrid-retrieval.js';
export { reembed } from './reembed.js';
export { DEFAULT_MIN_SIMILARITY, type VectorSearch } from './vector-search.js';

import type { Migration } from './migration.js';

/** Migration 8: embedding spaces (hybrid retrieval). */
export const embeddingSpaces: Migration = {
  id: 8,
  name: 'embedding spaces (hybrid retrieval)',
  // One row per embedding model whose vectors are stored, with their size. The vectors
  // themselves (table chunk_vectors, pgvector's type, one HNSW index per space) are
  // created when embeddings are configured (startHybridRetrieval), so that lexical-only
  // retrieval needs no vector extension at all.
  sql: `
CREATE TABLE embedding_spaces (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  model text NOT NULL UNIQUE,
  dimensions integer NOT NULL CHECK (dimensions > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};

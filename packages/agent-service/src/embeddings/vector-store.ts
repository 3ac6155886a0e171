import type { Database, Queryable } from '../store/index.js';
import { dimensionMismatch, EmbeddingsError } from './embeddings-error.js';

/** The vectors of one embedding model: their id in `embedding_spaces` and their size. */
export interface VectorSpace {
  id: number;
  model: string;
  dimensions: number;
}

/** Arbitrary constant for the advisory lock that serialises vector DDL across processes. */
const VECTOR_LOCK = 7_342_008;
/** pgvector indexes `vector` up to 2 000 dimensions, `halfvec` up to 4 000. */
const MAX_VECTOR_INDEX_DIMENSIONS = 2_000;

/** SQL of a space's vectors as its HNSW index sees them (same expression in queries). */
export function indexedVector(space: VectorSpace, column = 'embedding'): string {
  const type = space.dimensions > MAX_VECTOR_INDEX_DIMENSIONS ? 'halfvec' : 'vector';
  return `(${column}::${type}(${space.dimensions}))`;
}

/** A vector as pgvector's text input, `[0.1,0.2,…]`. */
export function vectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(',')}]`;
}

/**
 * Makes the database ready for vectors: the pgvector extension (`CREATE EXTENSION`) and
 * the `chunk_vectors` table, whose rows go with their chunk (`ON DELETE CASCADE`). Run at
 * start when embeddings are configured; without it nothing needs the extension. A server
 * without pgvector is an {@link EmbeddingsError} (`missing_extension`) saying so.
 */
export async function prepareVectorStore(database: Database): Promise<void> {
  try {
    await database.transaction(async (transaction) => {
      await transaction.query('SELECT pg_advisory_xact_lock($1)', [VECTOR_LOCK]);
      await transaction.exec('CREATE EXTENSION IF NOT EXISTS vector');
      await transaction.exec(`
CREATE TABLE IF NOT EXISTS chunk_vectors (
  space_id integer NOT NULL REFERENCES embedding_spaces (id) ON DELETE CASCADE,
  chunk_id text NOT NULL REFERENCES chunks (id) ON DELETE CASCADE,
  datastore_id text NOT NULL,
  -- NULL: the server refused this chunk's text; not tried again until a reembed.
  embedding vector,
  PRIMARY KEY (space_id, chunk_id)
);
CREATE INDEX IF NOT EXISTS chunk_vectors_chunk ON chunk_vectors (chunk_id);`);
    });
  } catch (error) {
    throw new EmbeddingsError(
      'missing_extension',
      `Embeddings are configured (EMBEDDINGS_URL), but the database cannot enable the pgvector extension: ${(error as Error).message}. Install pgvector on the PostgreSQL server (e.g. the postgresql-<version>-pgvector package) and let this user CREATE EXTENSION vector, or unset EMBEDDINGS_URL for lexical-only retrieval.`,
      { cause: error },
    );
  }
}

/** The space of `model`, if its vectors are stored. */
export async function findSpace(
  database: Queryable,
  model: string,
): Promise<VectorSpace | undefined> {
  const rows = await database.query<VectorSpace>(
    'SELECT id, model, dimensions FROM embedding_spaces WHERE model = $1',
    [model],
  );
  return rows[0];
}

/**
 * The space of `model` with vectors of `dimensions`, created with its HNSW index (cosine
 * distance, a partial index over this space's rows) if it is new. A stored space of
 * another size is a `dimension_mismatch` {@link EmbeddingsError} naming both sizes.
 */
export async function ensureSpace(
  database: Database,
  model: string,
  dimensions: number,
): Promise<VectorSpace> {
  return database.transaction(async (transaction) => {
    await transaction.query('SELECT pg_advisory_xact_lock($1)', [VECTOR_LOCK]);
    const known = await findSpace(transaction, model);
    if (known) {
      if (known.dimensions !== dimensions)
        throw dimensionMismatch(model, known.dimensions, dimensions);
      return known;
    }
    const [space] = await transaction.query<VectorSpace>(
      `INSERT INTO embedding_spaces (model, dimensions) VALUES ($1, $2)
       RETURNING id, model, dimensions`,
      [model, dimensions],
    );
    const created = space as VectorSpace;
    const operators =
      created.dimensions > MAX_VECTOR_INDEX_DIMENSIONS ? 'halfvec_cosine_ops' : 'vector_cosine_ops';
    await transaction.exec(
      `CREATE INDEX chunk_vectors_space_${created.id} ON chunk_vectors
       USING hnsw (${indexedVector(created)} ${operators}) WHERE space_id = ${created.id}`,
    );
    return created;
  });
}

/** Deletes a space, its vectors and its index. */
export async function dropSpace(database: Database, space: VectorSpace): Promise<void> {
  await database.transaction(async (transaction) => {
    await transaction.query('SELECT pg_advisory_xact_lock($1)', [VECTOR_LOCK]);
    await transaction.exec(`DROP INDEX IF EXISTS chunk_vectors_space_${space.id}`);
    await transaction.query('DELETE FROM embedding_spaces WHERE id = $1', [space.id]);
  });
}

/** The spaces of every model but `model` (what a reembed leaves behind). */
export async function otherSpaces(database: Queryable, model: string): Promise<VectorSpace[]> {
  return database.query<VectorSpace>(
    'SELECT id, model, dimensions FROM embedding_spaces WHERE model <> $1 ORDER BY id',
    [model],
  );
}

/** A chunk to embed: its id and the text its vector is made from. */
export interface ChunkToEmbed {
  id: string;
  text: string;
}

/**
 * Chunks without a row in `space` (oldest ids first), in one datastore or all: what the
 * embedding pass works through. `afterId` pages through them (a reembed's cursor).
 */
export async function chunksToEmbed(
  database: Queryable,
  space: VectorSpace | undefined,
  options: { limit: number; datastoreId?: string | undefined; all?: boolean; afterId?: string },
): Promise<ChunkToEmbed[]> {
  const rows = await database.query<{ id: string; title: string; content: string }>(
    `SELECT c.id, c.title, c.content FROM chunks c
     WHERE ($1::text IS NULL OR c.datastore_id = $1)
       AND ($2::text IS NULL OR c.id > $2)
       AND ($3::boolean OR NOT EXISTS (
         SELECT 1 FROM chunk_vectors v WHERE v.space_id = $4 AND v.chunk_id = c.id))
     ORDER BY c.id
     LIMIT $5`,
    [
      options.datastoreId ?? null,
      options.afterId ?? null,
      options.all === true || space === undefined,
      space?.id ?? 0,
      options.limit,
    ],
  );
  return rows.map((row) => ({
    id: row.id,
    text: row.title ? `${row.title}\n\n${row.content}` : row.content,
  }));
}

/**
 * Stores vectors for chunks (replacing older ones of the same space). A chunk deleted in
 * the meantime is skipped; `null` marks a chunk the server refused.
 */
export async function writeVectors(
  database: Queryable,
  space: VectorSpace,
  rows: readonly { chunkId: string; vector: readonly number[] | null }[],
): Promise<void> {
  const write = () =>
    database.query(
      `INSERT INTO chunk_vectors (space_id, chunk_id, datastore_id, embedding)
       SELECT $1, c.id, c.datastore_id, u.embedding::vector
       FROM unnest($2::text[], $3::text[]) AS u (chunk_id, embedding)
       JOIN chunks c ON c.id = u.chunk_id
       ON CONFLICT (space_id, chunk_id) DO UPDATE SET embedding = excluded.embedding`,
      [
        space.id,
        rows.map((row) => row.chunkId),
        rows.map((row) => (row.vector === null ? null : vectorLiteral(row.vector))),
      ],
    );
  try {
    await write();
  } catch (error) {
    // 23503: a chunk was deleted (its datasource re-ingested) between the read and the
    // write; the join leaves it out on the second try.
    if ((error as { code?: string }).code !== '23503') throw error;
    await write();
  }
}

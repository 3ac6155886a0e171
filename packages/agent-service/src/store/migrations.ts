import type { Database } from './database.js';

/** One schema change. Migrations run in `id` order, each once, each in a transaction. */
interface Migration {
  id: number;
  name: string;
  sql: string;
}

const timestamps = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

/** The schema, as ordered migrations. Append new ones; never edit an applied one. */
export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'initial schema',
    sql: `
CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL,
  usage_limit_queries integer,
  usage_limit_period_ms double precision,${timestamps}
);
CREATE TABLE api_keys (
  key_hash text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_organization ON api_keys (organization_id);
CREATE TABLE datastores (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  type text NOT NULL DEFAULT 'qdrant',
  visibility text NOT NULL DEFAULT 'private',${timestamps}
);
CREATE INDEX datastores_organization ON datastores (organization_id, created_at);
CREATE TABLE agents (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  model_name text NOT NULL DEFAULT 'gpt_3_5_turbo',
  temperature double precision NOT NULL DEFAULT 0,
  visibility text NOT NULL DEFAULT 'private',
  system_prompt text,
  user_prompt text,
  prompt_type text NOT NULL DEFAULT 'customer_support',
  prompt_template text,${timestamps}
);
CREATE INDEX agents_organization ON agents (organization_id, created_at);
CREATE TABLE agent_datastores (
  agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  datastore_id text NOT NULL REFERENCES datastores (id) ON DELETE CASCADE,
  PRIMARY KEY (agent_id, datastore_id)
);
CREATE INDEX agent_datastores_datastore ON agent_datastores (datastore_id);
CREATE TABLE datasources (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  datastore_id text NOT NULL REFERENCES datastores (id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'text',
  name text NOT NULL,
  status text NOT NULL DEFAULT 'unsynched',
  group_id text,
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  text text NOT NULL DEFAULT '',
  last_synch timestamptz,${timestamps}
);
CREATE INDEX datasources_datastore ON datasources (datastore_id, created_at);
CREATE INDEX datasources_custom_id ON datasources ((config ->> 'custom_id'));
CREATE TABLE chunks (
  id text PRIMARY KEY,
  datasource_id text NOT NULL REFERENCES datasources (id) ON DELETE CASCADE,
  datastore_id text NOT NULL,
  position integer NOT NULL,
  title text NOT NULL DEFAULT '',
  content text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')
  ) STORED
);
CREATE INDEX chunks_tsv ON chunks USING gin (tsv);
CREATE INDEX chunks_datasource ON chunks (datasource_id, position);
CREATE INDEX chunks_datastore ON chunks (datastore_id);
CREATE TABLE conversations (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  agent_id text REFERENCES agents (id) ON DELETE SET NULL,
  visitor_id text NOT NULL,${timestamps},
  PRIMARY KEY (organization_id, id)
);
CREATE TABLE messages (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  conversation_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  text text NOT NULL,
  sources jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, conversation_id)
    REFERENCES conversations (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX messages_conversation ON messages (organization_id, conversation_id, seq);
CREATE TABLE usage_counters (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  period_start double precision NOT NULL,
  queries integer NOT NULL,
  PRIMARY KEY (organization_id, period_start)
);
`,
  },
  {
    id: 2,
    name: 'creation order for lists',
    // now() is the transaction's start, so rows created together tie on created_at.
    sql: `
ALTER TABLE agents ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE datastores ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE datasources ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE INDEX agents_organization_seq ON agents (organization_id, seq);
CREATE INDEX datastores_organization_seq ON datastores (organization_id, seq);
CREATE INDEX datasources_datastore_seq ON datasources (datastore_id, seq);
`,
  },
  {
    id: 3,
    name: 'ingestion jobs, uploaded files, content hashes, chunk anchors',
    // A job is claimed with FOR UPDATE SKIP LOCKED and held by a lease (locked_until) that
    // its worker extends; a job whose worker died is claimed again once the lease expires.
    sql: `
CREATE TABLE ingestion_jobs (
  id text PRIMARY KEY,
  datasource_id text NOT NULL REFERENCES datasources (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done')),
  attempts integer NOT NULL DEFAULT 0,
  requeue boolean NOT NULL DEFAULT false,
  locked_by text,
  locked_until timestamptz,${timestamps}
);
CREATE UNIQUE INDEX ingestion_jobs_open ON ingestion_jobs (datasource_id) WHERE state <> 'done';
CREATE INDEX ingestion_jobs_claimable ON ingestion_jobs (state, locked_until, created_at)
  WHERE state <> 'done';
CREATE TABLE datasource_files (
  datasource_id text NOT NULL REFERENCES datasources (id) ON DELETE CASCADE,
  part integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (datasource_id, part)
);
ALTER TABLE datasources ADD COLUMN content_hash text;
CREATE INDEX datasources_group ON datasources (group_id);
ALTER TABLE chunks ADD COLUMN IF NOT EXISTS anchor text;
ALTER TABLE chunks ADD COLUMN IF NOT EXISTS page_number integer;
`,
  },
  {
    id: 4,
    name: 'lexical statistics for BM25',
    // Document frequencies and lengths per datastore, kept by statement-level triggers on
    // chunks, so every write (replaceChunks, cascades from deleted datasources and
    // datastores) updates them in its own transaction. The totals row is locked first, so
    // writers of one datastore queue there and never deadlock on term rows. The GIN index's
    // pending list (new entries every search scans linearly until they are merged; PGlite
    // has no autovacuum to merge it) is kept to 256 kB instead of 4 MB.
    sql: `
ALTER INDEX chunks_tsv SET (gin_pending_list_limit = 256);
SELECT gin_clean_pending_list('chunks_tsv'::regclass);
ALTER TABLE chunks ADD COLUMN length integer NOT NULL DEFAULT 0;
UPDATE chunks SET length = (SELECT count(*) FROM regexp_matches(title || ' ' || content, '[[:alnum:]]+', 'g'));
CREATE TABLE lexicon_totals (
  datastore_id text PRIMARY KEY,
  chunks bigint NOT NULL,
  total_length bigint NOT NULL
);
CREATE TABLE lexicon_terms (
  datastore_id text NOT NULL,
  term text NOT NULL,
  chunks integer NOT NULL,
  PRIMARY KEY (datastore_id, term)
);
INSERT INTO lexicon_totals (datastore_id, chunks, total_length)
  SELECT datastore_id, count(*), sum(length) FROM chunks GROUP BY datastore_id;
INSERT INTO lexicon_terms (datastore_id, term, chunks)
  SELECT c.datastore_id, u.lexeme, count(*) FROM chunks c, unnest(c.tsv) u GROUP BY 1, 2;
CREATE FUNCTION chunks_lexicon() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO lexicon_totals AS t (datastore_id, chunks, total_length)
      SELECT datastore_id, -count(*), -sum(length) FROM old_rows
      GROUP BY datastore_id ORDER BY datastore_id
    ON CONFLICT (datastore_id) DO UPDATE
      SET chunks = t.chunks + excluded.chunks, total_length = t.total_length + excluded.total_length;
    INSERT INTO lexicon_terms AS t (datastore_id, term, chunks)
      SELECT o.datastore_id, u.lexeme, -count(*) FROM old_rows o, unnest(o.tsv) u
      GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (datastore_id, term) DO UPDATE SET chunks = t.chunks + excluded.chunks;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO lexicon_totals AS t (datastore_id, chunks, total_length)
      SELECT datastore_id, count(*), sum(length) FROM new_rows
      GROUP BY datastore_id ORDER BY datastore_id
    ON CONFLICT (datastore_id) DO UPDATE
      SET chunks = t.chunks + excluded.chunks, total_length = t.total_length + excluded.total_length;
    INSERT INTO lexicon_terms AS t (datastore_id, term, chunks)
      SELECT n.datastore_id, u.lexeme, count(*) FROM new_rows n, unnest(n.tsv) u
      GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (datastore_id, term) DO UPDATE SET chunks = t.chunks + excluded.chunks;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- A deleted datastore (the cascade that got here) leaves no statistics behind.
    DELETE FROM lexicon_terms WHERE datastore_id IN (
      SELECT DISTINCT datastore_id FROM old_rows EXCEPT SELECT id FROM datastores);
    DELETE FROM lexicon_totals WHERE datastore_id IN (
      SELECT DISTINCT datastore_id FROM old_rows EXCEPT SELECT id FROM datastores);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER chunks_lexicon_insert AFTER INSERT ON chunks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chunks_lexicon();
CREATE TRIGGER chunks_lexicon_delete AFTER DELETE ON chunks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chunks_lexicon();
CREATE TRIGGER chunks_lexicon_update AFTER UPDATE ON chunks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chunks_lexicon();
`,
  },
  {
    id: 5,
    name: 'conversations: status, operator messages, answer metadata, feedback, search',
    sql: `
ALTER TABLE conversations ADD COLUMN status text NOT NULL DEFAULT 'open'
  CHECK (status IN ('open', 'handoff', 'resolved'));
CREATE INDEX conversations_recent ON conversations (organization_id, updated_at DESC, id DESC);
CREATE INDEX conversations_agent_recent
  ON conversations (organization_id, agent_id, updated_at DESC, id DESC);
CREATE INDEX conversations_updated ON conversations (updated_at);
ALTER TABLE messages DROP CONSTRAINT messages_role_check;
ALTER TABLE messages ADD CONSTRAINT messages_role_check
  CHECK (role IN ('user', 'assistant', 'operator'));
ALTER TABLE messages ADD COLUMN metadata jsonb;
ALTER TABLE messages ADD COLUMN eval text CHECK (eval IN ('good', 'bad'));
ALTER TABLE messages ADD COLUMN comment text;
ALTER TABLE messages ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED;
CREATE INDEX messages_tsv ON messages USING gin (tsv);
CREATE INDEX messages_eval ON messages (organization_id, conversation_id, eval) WHERE eval IS NOT NULL;
ALTER TABLE agents ADD COLUMN handoff_enabled boolean NOT NULL DEFAULT false;
`,
  },
  {
    id: 6,
    name: 'chunk lexemes computed by the service, insert statistics per batch',
    // PGlite parses text with to_tsvector several times slower than the service analyses
    // it, so the service writes each chunk's tsvector (knowledge/text-terms analyzeChunk,
    // the same Porter2 stems and english stop words; existing rows keep theirs) and adds
    // the term statistics of a whole batch of inserted chunks in one statement
    // (replaceChunks). Deletes and updates (also cascades) stay counted by the triggers.
    sql: `
ALTER TABLE chunks ALTER COLUMN tsv DROP EXPRESSION;
DROP TRIGGER chunks_lexicon_insert ON chunks;
`,
  },
  {
    id: 8,
    name: 'embedding spaces (hybrid retrieval)',
    // One row per embedding model whose vectors are stored, with their size. The vectors
    // themselves (table chunk_vectors, pgvector's type, one HNSW index per space) are
    // created when embeddings are configured (knowledge/embeddings), so that lexical-only
    // retrieval needs no vector extension at all.
    sql: `
CREATE TABLE embedding_spaces (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  model text NOT NULL UNIQUE,
  dimensions integer NOT NULL CHECK (dimensions > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    id: 9,
    name: 'insights: messages by time',
    // GET /api/insights aggregates the messages of a time range; without this index every
    // call reads all of the organization's messages.
    sql: `
CREATE INDEX messages_organization_time ON messages (organization_id, created_at);
`,
  },
  {
    id: 10,
    name: 'GIN pending list of 4 MB, merged when ingestion goes idle',
    // Migration 4 kept the pending list to 256 kB so that searches never scan a long one
    // (PGlite has no autovacuum to merge it); merging so often cost ingestion half its
    // time. At Postgres's default of 4 MB inserts merge in bulk, and the ingestion workers
    // merge what is left (gin_clean_pending_list) whenever their queue goes idle and at
    // start-up (knowledge/ mergeChunkIndex), so searches in steady state scan none.
    sql: `
ALTER INDEX chunks_tsv SET (gin_pending_list_limit = 4096);
`,
  },
  {
    id: 12,
    name: 'term statistics as appended deltas, compacted when ingestion goes idle',
    // Adding a batch's document frequencies with INSERT … ON CONFLICT DO UPDATE rewrote one
    // row per term (thousands per batch, each leaving a dead tuple nothing vacuums on
    // PGlite). Now every write appends its deltas (plain inserts; deletes append negative
    // ones) and readers sum them per term (lexical-search already reads sum(chunks) …
    // GROUP BY term). lexicon_totals.term_deltas counts the batches appended since the
    // datastore's last compaction (knowledge/ maintainLexicalIndex: one row per term
    // again), which the ingestion workers run when their queue goes idle and at start-up.
    // The totals row stays the lock every writer of a datastore takes first; compaction
    // takes it too, so it never races a writer.
    sql: `
ALTER TABLE lexicon_terms DROP CONSTRAINT lexicon_terms_pkey;
CREATE INDEX lexicon_terms_datastore_term ON lexicon_terms (datastore_id, term);
ALTER TABLE lexicon_totals ADD COLUMN term_deltas integer NOT NULL DEFAULT 0;
CREATE OR REPLACE FUNCTION chunks_lexicon() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO lexicon_totals AS t (datastore_id, chunks, total_length, term_deltas)
      SELECT datastore_id, -count(*), -sum(length), 1 FROM old_rows
      GROUP BY datastore_id ORDER BY datastore_id
    ON CONFLICT (datastore_id) DO UPDATE
      SET chunks = t.chunks + excluded.chunks, total_length = t.total_length + excluded.total_length,
        term_deltas = t.term_deltas + 1;
    INSERT INTO lexicon_terms (datastore_id, term, chunks)
      SELECT o.datastore_id, u.lexeme, -count(*) FROM old_rows o, unnest(o.tsv) u GROUP BY 1, 2;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO lexicon_totals AS t (datastore_id, chunks, total_length, term_deltas)
      SELECT datastore_id, count(*), sum(length), 1 FROM new_rows
      GROUP BY datastore_id ORDER BY datastore_id
    ON CONFLICT (datastore_id) DO UPDATE
      SET chunks = t.chunks + excluded.chunks, total_length = t.total_length + excluded.total_length,
        term_deltas = t.term_deltas + 1;
    INSERT INTO lexicon_terms (datastore_id, term, chunks)
      SELECT n.datastore_id, u.lexeme, count(*) FROM new_rows n, unnest(n.tsv) u GROUP BY 1, 2;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- A deleted datastore (the cascade that got here) leaves no statistics behind.
    DELETE FROM lexicon_terms WHERE datastore_id IN (
      SELECT DISTINCT datastore_id FROM old_rows EXCEPT SELECT id FROM datastores);
    DELETE FROM lexicon_totals WHERE datastore_id IN (
      SELECT DISTINCT datastore_id FROM old_rows EXCEPT SELECT id FROM datastores);
  END IF;
  RETURN NULL;
END
$$;
`,
  },
  {
    id: 13,
    name: 'document texts and chunks stored without compression',
    // Ingestion spent a tenth of its time in pglz: compressing each datasource's text (a
    // whole document, kilobytes) and each chunk row that passed 2 kB (its text and
    // tsvector). Texts are now kept out of line uncompressed (EXTERNAL: read back whole by
    // the job that chunks them), and chunk rows inline uncompressed up to a page (so a
    // search reads a candidate's tsvector without decompressing it). Rows written before
    // keep their storage. Costs a fifth more space for typical prose.
    sql: `
ALTER TABLE datasources ALTER COLUMN text SET STORAGE EXTERNAL;
ALTER TABLE chunks SET (toast_tuple_target = 8160);
`,
  },
];

/** Arbitrary constant for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 7_342_001;

/**
 * Applies the migrations not applied yet, each in its own transaction, and records them
 * in `schema_migrations`. Safe to run from several replicas at once (advisory lock).
 * Returns the ids it applied.
 */
export async function migrate(database: Database): Promise<number[]> {
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
  id integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`);
  const applied: number[] = [];
  const ordered = [...MIGRATIONS].sort((left, right) => left.id - right.id);
  for (const migration of ordered) {
    const ran = await database.transaction(async (transaction) => {
      await transaction.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await transaction.query('SELECT 1 FROM schema_migrations WHERE id = $1', [
        migration.id,
      ]);
      if (done.length > 0) return false;
      await transaction.exec(migration.sql);
      await transaction.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        migration.id,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return applied;
}

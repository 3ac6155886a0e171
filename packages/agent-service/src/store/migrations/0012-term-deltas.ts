import type { Migration } from './migration.js';

/** Migration 12: term statistics as appended deltas, compacted when ingestion goes idle. */
export const termDeltas: Migration = {
  id: 12,
  name: 'term statistics as appended deltas, compacted when ingestion goes idle',
  // Adding a batch's document frequencies with INSERT … ON CONFLICT DO UPDATE rewrote one
  // row per term (thousands per batch, each leaving a dead tuple nothing vacuums on
  // PGlite). Now every write appends its deltas (plain inserts; deletes append negative
  // ones) and readers sum them per term (lexical-search already reads sum(chunks) …
  // GROUP BY term). lexicon_totals.term_deltas counts the batches appended since the
  // datastore's last compaction (maintainLexicalIndex: one row per term again), which the
  // ingestion workers run when their queue goes idle and at start-up.
  // The totals row stays the lock every writer of a datastore takes first; compaction
  // takes it too, so it never races a writer.
  // The trigger function is migration 4's chunks_lexicon(), replaced whole (CREATE OR
  // REPLACE: an applied migration's SQL never changes, so the new body is written out here
  // and 4's stays as history). No trigger is created: 4's delete and update triggers now
  // run this body.
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
};

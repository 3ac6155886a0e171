import type { Migration } from './migration.js';

/** Migration 4: lexical statistics for BM25. */
export const lexicalStatistics: Migration = {
  id: 4,
  name: 'lexical statistics for BM25',
  // Document frequencies and lengths per datastore, kept by statement-level triggers on
  // chunks, so every write (replaceChunks, cascades from deleted datasources and
  // datastores) updates them in its own transaction. The totals row is locked first, so
  // writers of one datastore queue there and never deadlock on term rows. The GIN index's
  // pending list (new entries every search scans linearly until they are merged; PGlite
  // has no autovacuum to merge it) is kept to 256 kB instead of 4 MB.
  // What runs now is not all of this: migration 6 dropped the insert trigger (the service
  // adds an inserted batch's statistics itself), and migration 12 replaced the function
  // chunks_lexicon() whole (term deltas appended, not added in place); its delete and
  // update triggers are the ones created here, the only ones. Two triggers, not one for
  // both events: a trigger with transition tables fires on one event only.
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
};

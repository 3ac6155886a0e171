import type { Migration } from './migration.js';

/** Migration 10: GIN pending list of 4 MB, merged when ingestion goes idle. */
export const ginPendingList: Migration = {
  id: 10,
  name: 'GIN pending list of 4 MB, merged when ingestion goes idle',
  // Migration 4 kept the pending list to 256 kB so that searches never scan a long one
  // (PGlite has no autovacuum to merge it); merging so often cost ingestion half its
  // time. At Postgres's default of 4 MB inserts merge in bulk, and the ingestion workers
  // merge what is left (gin_clean_pending_list, in maintainLexicalIndex) whenever their
  // queue goes idle and at start-up, so searches in steady state scan none.
  sql: `
ALTER INDEX chunks_tsv SET (gin_pending_list_limit = 4096);
`,
};

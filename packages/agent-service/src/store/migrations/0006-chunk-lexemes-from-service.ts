import type { Migration } from './migration.js';

/** Migration 6: chunk lexemes computed by the service, insert statistics per batch. */
export const chunkLexemesFromService: Migration = {
  id: 6,
  name: 'chunk lexemes computed by the service, insert statistics per batch',
  // PGlite parses text with to_tsvector several times slower than the service analyses
  // it, so the service writes each chunk's tsvector (analyzeChunk: the same Porter2 stems
  // and english stop words; existing rows keep theirs) and adds the term statistics of a
  // whole batch of inserted chunks in one statement (replaceChunks). Deletes and updates
  // (also cascades) stay counted by the triggers.
  sql: `
ALTER TABLE chunks ALTER COLUMN tsv DROP EXPRESSION;
DROP TRIGGER chunks_lexicon_insert ON chunks;
`,
};

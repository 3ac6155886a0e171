import type { Migration } from './migration.js';

/** Migration 13: document texts and chunks stored without compression. */
export const uncompressedTexts: Migration = {
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
};

import type { Migration } from './migration.js';

/** Migration 18: how many sections each datasource's chunks make. */
export const datasourceSections: Migration = {
  id: 18,
  name: 'how many sections each datasource has',
  // A section is a distinct chunk title (`Page › Heading`). Retrieval's page support raises
  // a page by its next best sections; a page with fewer sections than it counts (one per
  // config option or function) has none to raise it, and must not lose to a long page for
  // that. Written with the chunks (replaceChunksOf); counted here for what is stored.
  sql: `
ALTER TABLE datasources ADD COLUMN sections integer NOT NULL DEFAULT 0;
UPDATE datasources d SET sections = s.sections
  FROM (SELECT datasource_id, count(DISTINCT title)::int AS sections FROM chunks GROUP BY 1) s
  WHERE d.id = s.datasource_id;
`,
};

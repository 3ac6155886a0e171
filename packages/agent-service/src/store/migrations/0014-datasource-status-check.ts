import type { Migration } from './migration.js';

/** Migration 14: datasource statuses checked by the database. */
export const datasourceStatusCheck: Migration = {
  id: 14,
  name: 'datasource statuses checked by the database',
  // The statuses are protocol's DATASOURCE_STATUSES as of this migration, written out
  // because an applied migration never changes (migrate.test.ts checks that the two
  // agree; a new status means a new migration that replaces the constraint). No version
  // wrote any other status, so there should be no row to fix; one that has another (hand
  // edited, say) says nothing true about its chunks and becomes `unsynched`, which the
  // service queues for ingestion at start-up, so it ends `synched` or `error` again.
  sql: `
UPDATE datasources SET status = 'unsynched', updated_at = now()
  WHERE status NOT IN ('unsynched', 'pending', 'running', 'synched', 'error');
ALTER TABLE datasources ADD CONSTRAINT datasources_status_check
  CHECK (status IN ('unsynched', 'pending', 'running', 'synched', 'error'));
`,
};

import type { Migration } from './migration.js';

/** Migration 2: creation order for lists. */
export const creationOrder: Migration = {
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
};

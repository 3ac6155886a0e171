/**
 * The schema as numbered, append-only migrations (one file each, listed in order in
 * `migration-list.ts`), and `migrate`, which applies the new ones and refuses to start on
 * a database whose applied migrations were edited since (checksums in `schema_migrations`).
 */

export { migrate } from './migrate.js';
export { MigrationChangedError } from './migration-changed-error.js';

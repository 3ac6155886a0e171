/**
 * Storage: the `Database` interface the service runs on, its two adapters (embedded PGlite
 * and PostgreSQL through `pg`, both running the same SQL), the schema migrations, and the
 * ids of stored resources.
 */
export { encodeIntegerArray, encodeTextArray } from './binary-arrays.js';
export { createId } from './create-id.js';
export type { Database, Queryable } from './database.js';
export { MigrationChangedError, migrate } from './migrations/index.js';
export { createPgDatabase } from './pg-database.js';
export { createPgliteDatabase, type PgliteDatabaseOptions } from './pglite-database.js';
export { storableText } from './storable-text.js';

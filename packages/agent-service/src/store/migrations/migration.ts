import { createHash } from 'node:crypto';

/**
 * One schema change, in its own numbered file (`0004-lexical-statistics.ts`). Migrations
 * run in `id` order, each once, each in a transaction. Append-only: once a migration may
 * have run anywhere, its `sql` never changes (its checksum is recorded and checked at
 * start-up); a change to the schema is a new file with the next id. The `//` comments
 * beside the SQL are not part of it and may be corrected.
 */
export interface Migration {
  /** Its number, recorded in `schema_migrations`; never reused or renumbered. */
  id: number;
  /** What it does, recorded beside the id. */
  name: string;
  /** The statements, run as one script inside the migration's transaction. */
  sql: string;
}

/** The checksum recorded for an applied migration: SHA-256 of its SQL, in hex. */
export function migrationChecksum(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex');
}

/** Where a migration's file is, for messages: `src/store/migrations/0004-*.ts`. */
export function migrationFile(migration: Migration): string {
  return `src/store/migrations/${String(migration.id).padStart(4, '0')}-*.ts`;
}

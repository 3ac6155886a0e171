import { type Migration, migrationChecksum, migrationFile } from './migration.js';
import { type ChangedMigration, MigrationChangedError } from './migration-changed-error.js';
import { MIGRATIONS } from './migration-list.js';

/**
 * An open transaction as {@link migrate} uses it: statements with parameters, and a
 * migration's SQL. The store's `Queryable` is one; declared here so that the migrations
 * need not import the store folder that publishes them.
 */
export interface MigrationTransaction {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

/**
 * What {@link migrate} needs of a database: transactions, committed when `work` resolves
 * and rolled back when it throws. The store's `Database` is one.
 */
export interface MigrationDatabase {
  transaction<T>(work: (transaction: MigrationTransaction) => Promise<T>): Promise<T>;
}

/** Arbitrary constant for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 7_342_001;

/**
 * Creates the bookkeeping table, or gives one written before checksums were recorded its
 * `checksum` column, filled from the migrations as they are now (such a database cannot
 * say which SQL it ran; from here on, edits are caught). Then compares every applied
 * migration's recorded checksum with its SQL. Rows of migrations this code does not know
 * (a newer version's, during a rolling upgrade) are left alone.
 */
async function checkApplied(
  transaction: MigrationTransaction,
  migrations: readonly Migration[],
): Promise<void> {
  await transaction.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
  id integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
  await transaction.query(
    `UPDATE schema_migrations m SET checksum = n.checksum
     FROM unnest($1::integer[], $2::text[]) AS n (id, checksum)
     WHERE m.id = n.id AND m.checksum IS NULL`,
    [migrations.map((migration) => migration.id), migrations.map(migrationChecksum)],
  );
  const applied = new Map(
    (
      await transaction.query<{ id: number; checksum: string | null }>(
        'SELECT id, checksum FROM schema_migrations',
      )
    ).map((row) => [row.id, row.checksum]),
  );
  const changed: ChangedMigration[] = [];
  for (const migration of migrations) {
    const appliedChecksum = applied.get(migration.id);
    const currentChecksum = migrationChecksum(migration);
    if (typeof appliedChecksum === 'string' && appliedChecksum !== currentChecksum) {
      changed.push({
        id: migration.id,
        name: migration.name,
        file: migrationFile(migration),
        appliedChecksum,
        currentChecksum,
      });
    }
  }
  if (changed.length > 0) throw new MigrationChangedError(changed);
}

/**
 * Applies the migrations not applied yet, each in its own transaction, in `id` order, and
 * records each in `schema_migrations` with its checksum. First checks that no applied
 * migration was edited since (throws {@link MigrationChangedError}, migrating nothing).
 * Safe to run from several replicas at once (advisory lock). Returns the ids it applied.
 * `migrations` defaults to the service's own ({@link MIGRATIONS}).
 */
export async function migrate(
  database: MigrationDatabase,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await database.transaction(async (transaction) => {
    await transaction.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await checkApplied(transaction, migrations);
  });
  const applied: number[] = [];
  const ordered = [...migrations].sort((left, right) => left.id - right.id);
  for (const migration of ordered) {
    const ran = await database.transaction(async (transaction) => {
      await transaction.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await transaction.query('SELECT 1 FROM schema_migrations WHERE id = $1', [
        migration.id,
      ]);
      if (done.length > 0) return false;
      await transaction.exec(migration.sql);
      await transaction.query(
        'INSERT INTO schema_migrations (id, name, checksum) VALUES ($1, $2, $3)',
        [migration.id, migration.name, migrationChecksum(migration)],
      );
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return applied;
}

import { AgentServiceError } from '../../agent-service-error.js';

/** An applied migration whose SQL is no longer what the database ran. */
export interface ChangedMigration {
  id: number;
  name: string;
  /** Its file, e.g. `src/store/migrations/0004-*.ts`. */
  file: string;
  /** Checksum recorded when the database applied it. */
  appliedChecksum: string;
  /** Checksum of the SQL in its file now. */
  currentChecksum: string;
}

/**
 * Thrown at start-up (by `migrate`) when the SQL of a migration this database already
 * applied has been edited since: the schema the code expects may then differ from the
 * one the database has, so the service refuses to start rather than run on a guess.
 * Nothing is migrated. `changed` lists every such migration.
 */
export class MigrationChangedError extends AgentServiceError {
  readonly changed: readonly ChangedMigration[];

  constructor(changed: readonly ChangedMigration[]) {
    const list = changed
      .map(
        (item) =>
          `migration ${item.id} "${item.name}" (${item.file}) was applied with checksum ` +
          `${item.appliedChecksum.slice(0, 12)}…, its SQL now has ${item.currentChecksum.slice(0, 12)}…`,
      )
      .join('; ');
    super(
      'MIGRATION_CHANGED',
      500,
      `The SQL of an applied migration was edited: ${list}. Applied migrations are ` +
        'append-only: restore the SQL as it was (see git log -p of the file) and put the ' +
        'change in a new migration with the next id. If this database really has the ' +
        'edited schema, update its checksum in schema_migrations instead.',
    );
    this.changed = changed;
  }
}

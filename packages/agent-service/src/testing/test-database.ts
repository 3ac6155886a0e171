import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteDatabase, type Database, migrate } from '../store/index.js';
// The migrations themselves, which only the snapshot's key needs: not part of store's API.
import { MIGRATIONS } from '../store/migrations/migration-list.js';

const snapshotPath = path.join(
  tmpdir(),
  `agent-service-test-${createHash('sha256')
    .update(JSON.stringify(MIGRATIONS))
    .digest('hex')
    .slice(0, 16)}.tar`,
);

/** An open, migrated database, and its schema and relation sizes when it was new. */
interface TestDatabase {
  database: Database;
  /** The {@link SCHEMA_FINGERPRINT} when new. */
  schema: string;
  /** The {@link RELATION_SIZES} when new (JSON). */
  sizes: string;
}

/** How many emptied databases a worker keeps for its next tests. */
const MAX_SPARES = 1;

// Databases that tests have closed, emptied and ready for the next test. Kept across a
// worker's test files (the projects that share workers, `isolate: false`, import this module
// once per worker): opening one costs seconds of CPU, emptying it a tenth of a second.
const spares: TestDatabase[] = [];

/** Schemas of the system, not of the service or a test. */
const SYSTEM_SCHEMAS = `n.nspname IN ('pg_catalog', 'information_schema') OR n.nspname LIKE 'pg\\_toast%'`;

/**
 * One line per thing a test could have changed besides the tables' rows: schemas,
 * relations, columns, constraints, indexes, functions, triggers, extensions, types, session
 * settings, listeners, advisory locks, prepared statements, the migrations recorded,
 * sequences used and planner statistics. Equal before and after a test (once its rows are
 * gone), the database is as new.
 */
const SCHEMA_FINGERPRINT = `
SELECT string_agg(item, E'\\n' ORDER BY item) AS schema FROM (
  SELECT format('schema %s', n.nspname) AS item FROM pg_namespace n
    WHERE n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
  UNION ALL
  SELECT format('relation %s.%s %s %s %s %s %s %s', n.nspname, c.relname, c.relkind,
      c.relpersistence, c.relpages, c.reltuples, c.relallvisible, pg_get_viewdef(c.oid))
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT (${SYSTEM_SCHEMAS})
  UNION ALL
  SELECT format('column %s.%s %s %s %s %s %s', n.nspname, c.relname, a.attname,
      format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity,
      pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped AND NOT (${SYSTEM_SCHEMAS})
  UNION ALL
  SELECT format('constraint %s %s %s', o.conrelid::regclass, o.conname, pg_get_constraintdef(o.oid))
    FROM pg_constraint o JOIN pg_namespace n ON n.oid = o.connamespace WHERE NOT (${SYSTEM_SCHEMAS})
  UNION ALL
  SELECT format('index %s', pg_get_indexdef(i.indexrelid))
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT (${SYSTEM_SCHEMAS})
  UNION ALL
  SELECT format('function %s %s', p.oid::regprocedure, md5(p.prosrc))
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE NOT (${SYSTEM_SCHEMAS})
  UNION ALL
  SELECT format('trigger %s', pg_get_triggerdef(t.oid)) FROM pg_trigger t WHERE NOT t.tgisinternal
  UNION ALL
  SELECT format('rule %s.%s %s', r.schemaname, r.rulename, r.definition) FROM pg_rules r
  UNION ALL
  SELECT format('policy %s.%s.%s', p.schemaname, p.tablename, p.policyname) FROM pg_policies p
  UNION ALL
  SELECT format('extension %s %s', e.extname, e.extversion) FROM pg_extension e
  UNION ALL
  SELECT format('type %s', t.oid::regtype)
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE NOT (${SYSTEM_SCHEMAS})
  UNION ALL
  SELECT format('enum %s %s', e.enumtypid::regtype, e.enumlabel) FROM pg_enum e
  UNION ALL
  SELECT format('database %s', d.datname) FROM pg_database d
  UNION ALL
  SELECT format('role %s', r.rolname) FROM pg_roles r
  UNION ALL
  SELECT format('setting %s = %s (%s)', s.name, s.setting, s.source) FROM pg_settings s
    WHERE s.source IN ('session', 'database', 'user', 'database user')
  UNION ALL
  SELECT format('listening %s', l) FROM pg_listening_channels() l
  UNION ALL
  SELECT format('lock %s %s', k.locktype, k.objid) FROM pg_locks k WHERE k.locktype = 'advisory'
  UNION ALL
  SELECT format('prepared %s', s.name) FROM pg_prepared_statements s
  UNION ALL
  SELECT format('sequence %s.%s %s', s.schemaname, s.sequencename, s.last_value) FROM pg_sequences s
  UNION ALL
  SELECT format('statistics %s', count(*)) FROM pg_statistic s
    JOIN pg_class c ON c.oid = s.starelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE NOT (${SYSTEM_SCHEMAS})
  UNION ALL
  SELECT format('migration %s %s %s', m.id, m.name, m.checksum) FROM schema_migrations m
) AS items`;

/**
 * The sizes the planner reads from `pg_class` (pages, rows, all-visible pages) of every
 * relation that is not the system's. A TRUNCATE leaves an index's rows unknown (-1) where a
 * new one had 0, which changes a partial index's estimates: they are put back as they were.
 */
const RELATION_SIZES = `
SELECT json_agg(json_build_object('oid', c.oid, 'relpages', c.relpages, 'reltuples', c.reltuples,
    'relallvisible', c.relallvisible) ORDER BY c.oid)::text AS sizes
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT (${SYSTEM_SCHEMAS})`;

async function schemaOf(database: Database): Promise<string> {
  const [row] = await database.query<{ schema: string }>(SCHEMA_FINGERPRINT);
  return row?.schema ?? '';
}

/**
 * Empties a database a test has closed: every table but the migrations' (identities
 * restarted) and the planner statistics a test's `ANALYZE` gathered. True when it is then as
 * it was new: no rows left and the same {@link SCHEMA_FINGERPRINT}; false when the test changed
 * more than rows (dropped an index, enabled pgvector, left a session setting…), and the
 * database is not used again.
 */
async function emptyAgain({ database, schema, sizes }: TestDatabase): Promise<boolean> {
  try {
    const tables = await database.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT (${SYSTEM_SCHEMAS})
          AND n.nspname NOT LIKE 'pg\\_temp\\_%'
          AND NOT (n.nspname = 'public' AND c.relname = 'schema_migrations')`,
    );
    const names = tables.map((table) => table.name);
    if (names.length > 0) await database.exec(`TRUNCATE ${names.join(', ')} RESTART IDENTITY`);
    await database.exec(
      `DELETE FROM pg_statistic s USING pg_class c, pg_namespace n
        WHERE c.oid = s.starelid AND n.oid = c.relnamespace AND NOT (${SYSTEM_SCHEMAS})`,
    );
    await database.query(
      `UPDATE pg_class c
          SET relpages = s.relpages, reltuples = s.reltuples, relallvisible = s.relallvisible
         FROM json_to_recordset($1::json)
              AS s (oid oid, relpages integer, reltuples real, relallvisible integer)
        WHERE c.oid = s.oid AND (c.relpages, c.reltuples, c.relallvisible)
              IS DISTINCT FROM (s.relpages, s.reltuples, s.relallvisible)`,
      [sizes],
    );
    // A TRUNCATE trigger could have written rows again.
    const [left] = await database.query<{ rows: number }>(
      `SELECT ${names.map((name) => `(SELECT count(*) FROM ${name})`).join(' + ') || '0'} AS rows`,
    );
    return Number(left?.rows) === 0 && (await schemaOf(database)) === schema;
  } catch {
    return false;
  }
}

/**
 * What the test gets: the database until it closes it (afterwards every call fails, as on a
 * closed PGlite); closing empties it for this worker's next test, or closes it when it cannot
 * be made as new.
 */
function lend(testDatabase: TestDatabase): Database {
  let closed = false;
  const open = (): Database => {
    if (closed) throw new Error('This test database is closed.');
    return testDatabase.database;
  };
  return {
    async query(sql, params) {
      return open().query(sql, params);
    },
    async exec(sql) {
      return open().exec(sql);
    },
    async transaction(work) {
      return open().transaction(work);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (spares.length < MAX_SPARES && (await emptyAgain(testDatabase))) {
        spares.push(testDatabase);
      } else {
        await testDatabase.database.close();
      }
    },
  };
}

/** A new in-memory PGlite database with the schema migrated, from the snapshot when saved. */
async function openMigrated(): Promise<Database> {
  const saved = await readFile(snapshotPath).catch(() => undefined);
  if (saved) {
    const database = await createPgliteDatabase({ snapshot: saved }).catch(
      () => undefined, // A damaged snapshot: make a new one below.
    );
    if (database) {
      // A snapshot written by an older checkout (same migrations, older bookkeeping) is
      // brought up to date; otherwise this only checks the recorded checksums.
      await migrate(database);
      return database;
    }
  }
  const database = await createPgliteDatabase();
  await migrate(database);
  const snapshot = Buffer.from(await (await database.dump()).arrayBuffer());
  const temporary = `${snapshotPath}.${process.pid}.${Date.now()}`;
  await writeFile(temporary, snapshot);
  await rename(temporary, snapshotPath);
  return database;
}

/**
 * An in-memory PGlite database with the schema migrated and no rows. Initialising a PGlite
 * cluster costs seconds of CPU, so the first test file that needs one saves a snapshot
 * (keyed by the migrations) in the temp directory and every later one loads it. Loading it
 * still costs seconds, so a database the test closes is emptied (its tables truncated) and
 * given to the worker's next caller, unless the test changed more than its rows: then it is
 * closed, and the next caller gets a new one.
 */
export async function createTestDatabase(): Promise<Database> {
  const spare = spares.pop();
  if (spare) return lend(spare);
  const database = await openMigrated();
  const [asNew] = await database.query<{ sizes: string }>(RELATION_SIZES);
  return lend({ database, schema: await schemaOf(database), sizes: asNew?.sizes ?? '[]' });
}

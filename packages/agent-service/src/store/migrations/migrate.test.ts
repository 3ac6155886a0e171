import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { DATASOURCE_STATUSES } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createAgentService } from '../../index.js';
import { maintainLexicalIndex, replaceChunksOf } from '../../lexical-index/index.js';
import { createTestDatabase } from '../../testing/index.js';
import type { Database } from '../database.js';
import { createPgDatabase } from '../pg-database.js';
import { createPgliteDatabase } from '../pglite-database.js';
import { pgliteTemplateTarball } from '../pglite-template.js';
import { MigrationChangedError, migrate } from './index.js';
import type { Migration } from './migration.js';
import { MIGRATIONS } from './migration-list.js';

/** Applies `migrations` as the version before checksums did: a table without `checksum`. */
async function migrateTheOldWay(database: Database, migrations: readonly Migration[]) {
  await database.exec(`CREATE TABLE schema_migrations (
    id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  for (const migration of migrations) {
    await database.transaction(async (transaction) => {
      await transaction.exec(migration.sql);
      await transaction.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        migration.id,
        migration.name,
      ]);
    });
  }
}

/**
 * Applies the migrations before `id` as the version before checksums did, then stores one
 * organization (`org`) and its datastore (`s`): the database a data migration upgrades.
 */
async function seededBefore(database: Database, id: number) {
  await migrateTheOldWay(
    database,
    MIGRATIONS.filter((migration) => migration.id < id),
  );
  await database.exec(`
    INSERT INTO organizations (id, name) VALUES ('org', 'Org');
    INSERT INTO datastores (id, organization_id, name) VALUES ('s', 'org', 'S');`);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The schema a database ended in, in the current schema (the search path's first): every
 * column, constraint, index, trigger and function, as the catalog describes them, with
 * the schema's name left out of definitions (each PostgreSQL suite has its own).
 */
async function schemaOf(database: Database) {
  const here = `(SELECT oid FROM pg_namespace WHERE nspname = current_schema())`;
  const unqualified = (definition: string) => `replace(${definition}, current_schema() || '.', '')`;
  return {
    columns: await database.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = current_schema()
       ORDER BY table_name, ordinal_position`,
    ),
    constraints: await database.query(
      `SELECT conrelid::regclass::text AS owner, conname,
         ${unqualified('pg_get_constraintdef(oid)')} AS definition
       FROM pg_constraint WHERE connamespace = ${here} ORDER BY 1, 2`,
    ),
    indexes: await database.query(
      `SELECT tablename, indexname, ${unqualified('indexdef')} AS indexdef
       FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2`,
    ),
    triggers: await database.query(
      `SELECT tgrelid::regclass::text AS owner, tgname,
         ${unqualified('pg_get_triggerdef(oid)')} AS definition
       FROM pg_trigger WHERE NOT tgisinternal
         AND tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = ${here})
       ORDER BY 1, 2`,
    ),
    functions: await database.query(
      `SELECT proname, prosrc FROM pg_proc WHERE pronamespace = ${here} ORDER BY 1, 2`,
    ),
  };
}

const recorded = (database: Database) =>
  database.query<{ id: number; name: string; checksum: string | null }>(
    'SELECT id, name, checksum FROM schema_migrations ORDER BY id',
  );

const expected = (migrations: readonly Migration[]) =>
  migrations.map((migration) => ({
    id: migration.id,
    name: migration.name,
    checksum: sha256(migration.sql),
  }));

/** `MIGRATIONS` with the SQL of migration `id` changed, as a careless edit would. */
const editedAt = (id: number): Migration[] =>
  MIGRATIONS.map((migration) =>
    migration.id === id ? { ...migration, sql: `${migration.sql}-- tidied\n` } : migration,
  );

/** The same tests on each adapter: PGlite here, PostgreSQL when TEST_DATABASE_URL is set. */
function migrationSuite(open: () => Promise<{ database: Database; close(): Promise<void> }>) {
  it('migrates a fresh database: every migration once, in order, with its checksum', async () => {
    const { database, close } = await open();
    try {
      // Two replicas starting at once (on PostgreSQL, two connections of the pool).
      const [first, second] = await Promise.all([migrate(database), migrate(database)]);
      expect([...(first ?? []), ...(second ?? [])].sort((a, b) => a - b)).toEqual(
        MIGRATIONS.map((migration) => migration.id),
      );
      expect(await recorded(database)).toEqual(expected(MIGRATIONS));
      expect(await migrate(database)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses an edited applied migration: names it, says how to fix it, migrates nothing', async () => {
    const { database, close } = await open();
    try {
      await migrate(database);
      const next = { id: 999, name: 'next', sql: 'CREATE TABLE never_created (id integer);' };
      const failure = await migrate(database, [...editedAt(4), next]).catch((error) => error);
      expect(failure).toBeInstanceOf(MigrationChangedError);
      const lexical = MIGRATIONS.find((migration) => migration.id === 4) as Migration;
      expect(failure.changed).toEqual([
        {
          id: 4,
          name: lexical.name,
          file: 'src/store/migrations/0004-*.ts',
          appliedChecksum: sha256(lexical.sql),
          currentChecksum: sha256(`${lexical.sql}-- tidied\n`),
        },
      ]);
      expect(failure.message).toContain(
        `migration 4 "${lexical.name}" (src/store/migrations/0004-*.ts) was applied with checksum`,
      );
      expect(failure.message).toMatch(/restore the SQL as it was .* new migration/);
      expect(await database.query(`SELECT to_regclass('never_created') AS found`)).toEqual([
        { found: null },
      ]);
      expect(await recorded(database)).toEqual(expected(MIGRATIONS));
      expect(await migrate(database)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('upgrades a database from before checksums: backfills them, then catches edits', async () => {
    const { database, close } = await open();
    try {
      const old = MIGRATIONS.filter((migration) => migration.id < 10);
      await migrateTheOldWay(database, old);
      expect(await migrate(database)).toEqual(
        MIGRATIONS.filter((migration) => migration.id >= 10).map((migration) => migration.id),
      );
      expect(await recorded(database)).toEqual(expected(MIGRATIONS));
      await expect(migrate(database, editedAt(2))).rejects.toThrow(/migration 2 "/);
    } finally {
      await close();
    }
  });

  it("leaves one statistics trigger function, migration 12's, behind two triggers: fresh or upgraded from before 12, the same schema", async () => {
    const fresh = await open();
    const upgraded = await open();
    try {
      await migrate(fresh.database);
      await migrateTheOldWay(
        upgraded.database,
        MIGRATIONS.filter((migration) => migration.id < 12),
      );
      await migrate(upgraded.database);
      const schema = await schemaOf(fresh.database);
      expect(await schemaOf(upgraded.database)).toEqual(schema);
      // 4 created chunks_lexicon() and its triggers, 6 dropped the insert one, 12 replaced
      // the function: one function, the delete and update triggers, both running 12's body.
      const lexicon = schema.functions.filter((row) => row.proname === 'chunks_lexicon');
      expect(lexicon).toHaveLength(1);
      expect(lexicon[0]?.prosrc).toContain('term_deltas');
      expect(schema.triggers.map((row) => [row.owner, row.tgname, row.definition])).toEqual([
        [
          'chunks',
          'chunks_lexicon_delete',
          expect.stringMatching(/AFTER DELETE .* chunks_lexicon\(\)$/),
        ],
        [
          'chunks',
          'chunks_lexicon_update',
          expect.stringMatching(/AFTER UPDATE .* chunks_lexicon\(\)$/),
        ],
      ]);
    } finally {
      await fresh.close();
      await upgraded.close();
    }
  }, 120_000);

  it("checks datasource statuses against protocol's; an unknown one becomes unsynched", async () => {
    const { database, close } = await open();
    try {
      await seededBefore(database, 14);
      const statuses = [...DATASOURCE_STATUSES, 'usage_limit_reached'];
      await database.query(
        `INSERT INTO datasources (id, organization_id, datastore_id, name, status)
         SELECT status, 'org', 's', status, status FROM unnest($1::text[]) AS status`,
        [statuses],
      );
      expect(await migrate(database)).toEqual(
        MIGRATIONS.filter((migration) => migration.id >= 14).map((migration) => migration.id),
      );
      const rows = await database.query<{ id: string; status: string }>(
        'SELECT id, status FROM datasources ORDER BY seq',
      );
      expect(rows).toEqual([
        ...DATASOURCE_STATUSES.map((status) => ({ id: status, status })),
        { id: 'usage_limit_reached', status: 'unsynched' },
      ]);
      await expect(
        database.query(`UPDATE datasources SET status = 'paused' WHERE id = 'error'`),
      ).rejects.toThrow(/datasources_status_check/);
    } finally {
      await close();
    }
  });
  it('keeps the valid sync schedules of web sources, drops the others, and dates the next sync', async () => {
    const { database, close } = await open();
    try {
      await seededBefore(database, 17);
      await database.exec(`
        INSERT INTO datasources (id, organization_id, datastore_id, name, type, config) VALUES
          ('daily', 'org', 's', 'a', 'web_site', '{"sync_interval_minutes": 1440}'),
          ('zero', 'org', 's', 'b', 'web_site', '{"sync_interval_minutes": 0}'),
          ('word', 'org', 's', 'c', 'web_page', '{"sync_interval_minutes": "hourly"}'),
          ('text', 'org', 's', 'd', 'text', '{"sync_interval_minutes": 60}'),
          ('manual', 'org', 's', 'e', 'web_page', '{"source_url": "https://x.test/"}');`);
      expect(await migrate(database)).toContain(17);
      const rows = await database.query<{ id: string; minutes: string | null; due: boolean }>(
        `SELECT id, config ->> 'sync_interval_minutes' AS minutes,
           next_synch BETWEEN now() + interval '1439 minutes' AND now() + interval '1441 minutes' AS due
         FROM datasources ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 'daily', minutes: '1440', due: true },
        { id: 'manual', minutes: null, due: null },
        { id: 'text', minutes: null, due: null },
        { id: 'word', minutes: null, due: null },
        { id: 'zero', minutes: null, due: null },
      ]);
    } finally {
      await close();
    }
  });

  it('counts the sections of the datasources already stored (18)', async () => {
    const { database, close } = await open();
    try {
      await seededBefore(database, 18);
      await database.exec(`
        INSERT INTO datasources (id, organization_id, datastore_id, name, type) VALUES
          ('long', 'org', 's', 'a', 'web_page'), ('short', 'org', 's', 'b', 'web_page'),
          ('empty', 'org', 's', 'c', 'web_page');
        INSERT INTO chunks (id, datasource_id, datastore_id, position, title, content) VALUES
          ('1', 'long', 's', 0, 'Guide', 'Intro.'), ('2', 'long', 's', 1, 'Guide › Diet', 'Fish.'),
          ('3', 'long', 's', 2, 'Guide › Diet', 'Crabs.'), ('4', 'long', 's', 3, 'Guide › Sleep', 'Rafts.'),
          ('5', 'short', 's', 0, 'setupFiles', 'Paths to setup files.');`);
      expect(await migrate(database)).toContain(18);
      const rows = await database.query<{ id: string; sections: number }>(
        'SELECT id, sections FROM datasources ORDER BY id',
      );
      expect(rows).toEqual([
        { id: 'empty', sections: 0 },
        { id: 'long', sections: 3 },
        { id: 'short', sections: 1 },
      ]);
    } finally {
      await close();
    }
  });
}

/**
 * A fresh, unmigrated PGlite: the shipped template, decompressed once for the file (that
 * is what `createPgliteDatabase()` does for each database, seconds on a busy machine).
 */
let template: Blob | undefined;
async function freshPglite() {
  if (template === undefined) {
    const tarball = await pgliteTemplateTarball();
    if ('warning' in tarball) throw new Error(tarball.warning);
    template = tarball.tarball;
  }
  return createPgliteDatabase({ snapshot: template });
}

describe('migrations on PGlite', () => {
  migrationSuite(async () => {
    const database = await freshPglite();
    return { database, close: () => database.close() };
  });
});

// Only test files read this: the pg adapter needs a real server, which CI may not have.
const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('migrations on PostgreSQL (TEST_DATABASE_URL)', () => {
  migrationSuite(async () => {
    const url = databaseUrl as string;
    const schema = `migrations_test_${Date.now().toString(36)}_${process.hrtime.bigint() % 1000n}`;
    const admin = await createPgDatabase({ databaseUrl: url });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const scoped = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    const database = await createPgDatabase({ databaseUrl: scoped });
    return {
      database,
      async close() {
        await database.close();
        await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
        await admin.close();
      },
    };
  });
});

describe('migration files', () => {
  it('are numbered by their id, each listed once, in order', async () => {
    const folder = new URL('./', import.meta.url);
    const files = (await readdir(folder)).filter((name) => /^\d{4}-.*\.ts$/.test(name)).sort();
    const listed: Migration[] = [];
    for (const file of files) {
      const url = new URL(file, folder).href;
      const exported = Object.values(await import(url)) as Migration[];
      expect(exported.map((migration) => migration.id)).toEqual([Number(file.slice(0, 4))]);
      listed.push(...exported);
    }
    expect(listed).toEqual(MIGRATIONS);
  });
});

describe('migrations', () => {
  it('keep the service from starting when an applied migration was edited', async () => {
    const database = await createTestDatabase();
    await database.query('UPDATE schema_migrations SET checksum = $1 WHERE id = 5', [
      sha256('the SQL as it was'),
    ]);
    await expect(createAgentService({ database })).rejects.toThrow(MigrationChangedError);
  });

  it('upgrade a database written before the term deltas (10, 12) and keep its statistics exact', async () => {
    const database = await freshPglite();
    try {
      await migrateTheOldWay(
        database,
        MIGRATIONS.filter((item) => item.id < 10),
      );
      await database.exec(`
        INSERT INTO organizations (id, name) VALUES ('org', 'Org');
        INSERT INTO datastores (id, organization_id, name) VALUES ('s', 'org', 'S');
        INSERT INTO datasources (id, organization_id, datastore_id, name)
        VALUES ('a', 'org', 's', 'a.md'), ('b', 'org', 's', 'b.md');`);
      // As the version before wrote them: one statistics row per term, added to in place.
      await database.exec(`
        INSERT INTO chunks (id, datasource_id, datastore_id, position, content, length, tsv)
        VALUES ('old-1', 'a', 's', 0, 'Otters hold hands', 3, '''otter'':1 ''hold'':2 ''hand'':3'),
          ('old-2', 'b', 's', 0, 'Otters float', 2, '''otter'':1 ''float'':2');
        INSERT INTO lexicon_totals (datastore_id, chunks, total_length) VALUES ('s', 2, 5);
        INSERT INTO lexicon_terms (datastore_id, term, chunks)
        VALUES ('s', 'otter', 2), ('s', 'hold', 1), ('s', 'hand', 1), ('s', 'float', 1);`);
      const summed = () =>
        database.query(
          `SELECT term, sum(chunks)::int AS chunks FROM lexicon_terms WHERE datastore_id = 's'
           GROUP BY term HAVING sum(chunks) <> 0 ORDER BY term`,
        );
      const counted = () =>
        database.query(
          `SELECT u.lexeme AS term, count(*)::int AS chunks FROM chunks c, unnest(c.tsv) u
           WHERE c.datastore_id = 's' GROUP BY 1 ORDER BY 1`,
        );
      expect(await summed()).toEqual(await counted());

      expect(await migrate(database)).toEqual(
        MIGRATIONS.filter((item) => item.id >= 10).map((item) => item.id),
      );
      expect(await summed()).toEqual(await counted());
      await database.transaction((transaction) =>
        replaceChunksOf(transaction, [
          {
            datasource: { id: 'a', datastoreId: 's' },
            chunks: [{ position: 0, title: 'Otters', content: 'Otters use stones.' }],
          },
        ]),
      );
      await database.query(`DELETE FROM datasources WHERE id = 'b'`);
      expect(await summed()).toEqual(await counted());
      await maintainLexicalIndex(database);
      expect(await summed()).toEqual(await counted());
      expect(await summed()).toContainEqual({ term: 'otter', chunks: 1 });
    } finally {
      await database.close();
    }
  });
});

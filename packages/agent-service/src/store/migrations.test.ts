import { describe, expect, it } from 'vitest';
import { maintainLexicalIndex, replaceChunksOf } from '../lexical-index/index.js';
import { MIGRATIONS, migrate } from './migrations.js';
import { createPgliteDatabase } from './pglite-database.js';

describe('migrations', () => {
  it('upgrade a database written before the term deltas (10, 12) and keep its statistics exact', async () => {
    const database = await createPgliteDatabase();
    try {
      await database.exec(`CREATE TABLE schema_migrations (
        id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      for (const migration of MIGRATIONS.filter((item) => item.id < 10)) {
        await database.transaction(async (transaction) => {
          await transaction.exec(migration.sql);
          await transaction.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
            migration.id,
            migration.name,
          ]);
        });
      }
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

import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { retrieve } from '../retrieval/index.js';
import type { Database } from '../store/index.js';
import { createTestDatabase, replaceChunks } from '../testing/index.js';
import { createChunkAnalysisPool } from './chunk-analysis-pool.js';
import { maintainLexicalIndex } from './lexical-index-maintenance.js';
import { replaceChunksOf } from './replace-chunks.js';

let database: Database;

/** The statistics as they should be: recomputed from the chunks themselves. */
async function recomputed() {
  const terms = await database.query<{ datastore_id: string; term: string; chunks: number }>(
    `SELECT c.datastore_id, u.lexeme AS term, count(*)::int AS chunks
     FROM chunks c, unnest(c.tsv) u GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const totals = await database.query<{ datastore_id: string; chunks: number; total: number }>(
    `SELECT datastore_id, count(*)::int AS chunks, sum(length)::int AS total
     FROM chunks GROUP BY 1 ORDER BY 1`,
  );
  return { terms, totals };
}

/** The statistics as searches read them: each term's appended deltas summed. */
async function kept() {
  const terms = await database.query<{ datastore_id: string; term: string; chunks: number }>(
    `SELECT datastore_id, term, sum(chunks)::int AS chunks FROM lexicon_terms
     GROUP BY 1, 2 HAVING sum(chunks) <> 0 ORDER BY 1, 2`,
  );
  const totals = await database.query<{ datastore_id: string; chunks: number; total: number }>(
    `SELECT datastore_id, chunks::int AS chunks, total_length::int AS total
     FROM lexicon_totals WHERE chunks <> 0 ORDER BY 1`,
  );
  return { terms, totals };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.exec(`
    INSERT INTO organizations (id, name) VALUES ('org', 'Org');
    INSERT INTO datastores (id, organization_id, name) VALUES ('s1', 'org', 'One'), ('s2', 'org', 'Two');
    INSERT INTO datasources (id, organization_id, datastore_id, name)
    VALUES ('a', 'org', 's1', 'a.md'), ('b', 'org', 's1', 'b.md'), ('c', 'org', 's2', 'c.md');
  `);
});

afterAll(async () => {
  await database.close();
});

describe('replaceChunks', () => {
  it('keeps term statistics equal to the chunks through writes, replacements and cascades', async () => {
    await database.transaction(async (transaction) => {
      await replaceChunks(transaction, { id: 'a', datastoreId: 's1' }, [
        { position: 0, title: 'Otters', content: 'Otters hold hands while sleeping.' },
        { position: 1, title: 'Otters', content: 'Sea otters use stones as tools.' },
      ]);
      await replaceChunks(transaction, { id: 'b', datastoreId: 's1' }, [
        { position: 0, title: 'Walruses', content: 'Walruses use their tusks to climb.' },
      ]);
      await replaceChunks(transaction, { id: 'c', datastoreId: 's2' }, [
        { position: 0, title: 'Camels', content: 'Camels store fat in their humps.' },
      ]);
    });
    const first = await kept();
    expect(first).toEqual(await recomputed());
    expect(first.terms).toContainEqual({ datastore_id: 's1', term: 'otter', chunks: 2 });
    expect(first.terms).toContainEqual({ datastore_id: 's1', term: 'use', chunks: 2 });
    expect(first.totals.map((row) => row.chunks)).toEqual([3, 1]);

    const ids = await database.transaction((transaction) =>
      replaceChunks(transaction, { id: 'a', datastoreId: 's1' }, [
        { position: 0, title: 'Otters', content: 'Otters float on their backs.' },
      ]),
    );
    expect(ids).toHaveLength(1);
    const replaced = await kept();
    expect(replaced).toEqual(await recomputed());
    expect(replaced.terms).toContainEqual({ datastore_id: 's1', term: 'otter', chunks: 1 });
    expect(replaced.terms.some((row) => row.term === 'stone')).toBe(false);

    await database.query(`DELETE FROM datasources WHERE id = 'b'`);
    expect(await kept()).toEqual(await recomputed());
    await database.query(`DELETE FROM datastores WHERE id = 's2'`);
    expect(await kept()).toEqual(await recomputed());
    const leftovers = await database.query(
      `SELECT 1 FROM lexicon_terms WHERE datastore_id = 's2'
       UNION ALL SELECT 1 FROM lexicon_totals WHERE datastore_id = 's2'`,
    );
    expect(leftovers).toEqual([]);
  });

  it('replaces many datasources of several datastores in one batch; the last set of one named twice wins', async () => {
    await database.exec(`
      INSERT INTO datastores (id, organization_id, name) VALUES ('s4', 'org', 'Four');
      INSERT INTO datasources (id, organization_id, datastore_id, name) VALUES ('f', 'org', 's4', 'f.md');
    `);
    const ids = await database.transaction((transaction) =>
      replaceChunksOf(transaction, [
        {
          datasource: { id: 'a', datastoreId: 's1' },
          chunks: [{ position: 0, title: 'Seals', content: 'Seals sleep in water.' }],
        },
        {
          datasource: { id: 'f', datastoreId: 's4' },
          chunks: [
            { position: 0, title: 'Llamas', content: 'Llamas hum.' },
            { position: 1, title: 'Llamas', content: 'Llamas spit when angry.' },
          ],
        },
        {
          datasource: { id: 'a', datastoreId: 's1' },
          chunks: [{ position: 0, title: 'Puffins', content: 'Puffins dive for fish.' }],
        },
      ]),
    );
    expect(ids.map((list) => list.length)).toEqual([0, 2, 1]);
    // Each datasource's sections: distinct chunk titles of the set it kept.
    const sections = await database.query<{ id: string; sections: number }>(
      `SELECT id, sections FROM datasources WHERE id IN ('a', 'f') ORDER BY id`,
    );
    expect(sections).toEqual([
      { id: 'a', sections: 1 },
      { id: 'f', sections: 1 },
    ]);
    const contents = await database.query<{ datasource_id: string; content: string }>(
      `SELECT datasource_id, content FROM chunks WHERE datasource_id IN ('a', 'f') ORDER BY 1, position`,
    );
    expect(contents).toEqual([
      { datasource_id: 'a', content: 'Puffins dive for fish.' },
      { datasource_id: 'f', content: 'Llamas hum.' },
      { datasource_id: 'f', content: 'Llamas spit when angry.' },
    ]);
    expect(await kept()).toEqual(await recomputed());
  });

  it('counts each datasource’s sections (distinct chunk titles) with its chunks, and none once emptied', async () => {
    const sections = async () =>
      (
        await database.query<{ sections: number }>(
          `SELECT sections FROM datasources WHERE id = 'a'`,
        )
      )[0]?.sections;
    await database.transaction((transaction) =>
      replaceChunks(transaction, { id: 'a', datastoreId: 's1' }, [
        { position: 0, title: 'Guide', content: 'A guide to otters.' },
        { position: 1, title: 'Guide › Diet', content: 'Otters eat fish.' },
        { position: 2, title: 'Guide › Diet', content: 'And crabs, when they can.' },
        { position: 3, title: 'Guide › Sleep', content: 'Otters sleep holding hands.' },
      ]),
    );
    expect(await sections()).toBe(3);
    await database.transaction((transaction) =>
      replaceChunks(transaction, { id: 'a', datastoreId: 's1' }, []),
    );
    expect(await sections()).toBe(0);
  });

  it('appends term deltas per batch and compacts them to one row per term, still exact', async () => {
    await database.exec(`
      INSERT INTO datastores (id, organization_id, name) VALUES ('s5', 'org', 'Five');
      INSERT INTO datasources (id, organization_id, datastore_id, name)
      VALUES ('g', 'org', 's5', 'g.md'), ('h', 'org', 's5', 'h.md');
    `);
    const write = (id: string, content: string) =>
      database.transaction((transaction) =>
        replaceChunks(transaction, { id, datastoreId: 's5' }, [
          { position: 0, title: 'Ravens', content },
        ]),
      );
    await write('g', 'Ravens fly south in winter.');
    await write('h', 'Ravens croak loudly.');
    await write('g', 'Ravens hide food.');
    const rowsOf = (term: string) =>
      database.query<{ chunks: number }>(
        `SELECT chunks FROM lexicon_terms WHERE datastore_id = 's5' AND term = $1 ORDER BY chunks`,
        [term],
      );
    // Three batches and a replacement's negative delta: several rows for "raven".
    expect((await rowsOf('raven')).length).toBeGreaterThan(1);
    expect(await kept()).toEqual(await recomputed());

    const done = await maintainLexicalIndex(database);
    expect(done.compactedDatastores).toBeGreaterThan(0);
    expect(await rowsOf('raven')).toEqual([{ chunks: 2 }]);
    // "winter" left with the replaced chunk: no row kept for it.
    expect(await rowsOf('winter')).toEqual([]);
    const duplicates = await database.query(
      `SELECT term FROM lexicon_terms GROUP BY datastore_id, term HAVING count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
    expect(await kept()).toEqual(await recomputed());
    const pending = await database.query<{ deltas: number }>(
      `SELECT term_deltas AS deltas FROM lexicon_totals WHERE datastore_id = 's5'`,
    );
    expect(pending).toEqual([{ deltas: 0 }]);

    // Writes after a compaction append again, and a second compaction keeps it exact.
    await write('h', 'Ravens nest on cliffs.');
    await database.query(`DELETE FROM datasources WHERE id = 'g'`);
    expect(await kept()).toEqual(await recomputed());
    await maintainLexicalIndex(database);
    expect(await kept()).toEqual(await recomputed());
    expect(await rowsOf('raven')).toEqual([{ chunks: 1 }]);
  });

  it('rolls the statistics back with a failed transaction', async () => {
    const before = await kept();
    await expect(
      database.transaction(async (transaction) => {
        await replaceChunks(transaction, { id: 'a', datastoreId: 's1' }, [
          { position: 0, title: 'Zebras', content: 'Zebras have stripes.' },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await kept()).toEqual(before);
  });

  it('writes a batch of several INSERTs (analysed while the previous one is stored) exactly, in order', async () => {
    // The chunk-analysis thread analyses the next INSERT's chunks while this one is stored.
    const pool = createChunkAnalysisPool();
    onTestFinished(() => pool.stop());
    expect(await pool.warm()).toBe(true);
    const many = (datasource: string, count: number) =>
      Array.from({ length: count }, (_, position) => ({
        position,
        title: `Part ${position}`,
        content: `Lemurs ${datasource} number${position % 7} sunbathe ${position % 2 ? 'often' : 'rarely'}.`,
      }));
    await database.exec(`INSERT INTO datastores (id, organization_id, name) VALUES ('s9', 'org', 'Nine');
      INSERT INTO datasources (id, organization_id, datastore_id, name)
      VALUES ('many-1', 'org', 's1', 'm1.md'), ('many-2', 'org', 's9', 'm2.md'),
        ('many-3', 'org', 's1', 'm3.md')`);
    const ids = await database.transaction((transaction) =>
      replaceChunksOf(
        transaction,
        [
          { datasource: { id: 'many-1', datastoreId: 's1' }, chunks: many('a', 420) },
          { datasource: { id: 'many-2', datastoreId: 's9' }, chunks: many('c', 333) },
        ],
        pool,
      ),
    );
    expect(ids.map((list) => list.length)).toEqual([420, 333]);
    const stored = await database.query<{ id: string; position: number }>(
      `SELECT id, position FROM chunks WHERE datasource_id = 'many-1' ORDER BY position`,
    );
    expect(stored.map((row) => row.id)).toEqual(ids[0]);
    expect(stored.at(-1)?.position).toBe(419);
    const statistics = await kept();
    expect(statistics).toEqual(await recomputed());
    expect(statistics.terms).toContainEqual({ datastore_id: 's9', term: 'lemur', chunks: 333 });

    // A statement failing in the middle of the pipeline rolls the whole batch back.
    await expect(
      database.transaction((transaction) =>
        replaceChunksOf(
          transaction,
          [
            { datasource: { id: 'many-1', datastoreId: 's1' }, chunks: many('a', 300) },
            {
              datasource: { id: 'not-a-datasource', datastoreId: 's1' },
              chunks: [{ position: 0, title: 'Bad', content: 'No such datasource' }],
            },
          ],
          pool,
        ),
      ),
    ).rejects.toMatchObject({ code: '23503' });
    expect(await kept()).toEqual(statistics);
    expect(
      await database.query(
        `SELECT id FROM chunks WHERE datasource_id = 'many-1' ORDER BY position`,
      ),
    ).toEqual(stored.map((row) => ({ id: row.id })));
  });

  it('ranks by rare words: one chunk with a rare word beats many with a common one', async () => {
    await database.exec(`
      INSERT INTO datastores (id, organization_id, name) VALUES ('s3', 'org', 'Three');
      INSERT INTO datasources (id, organization_id, datastore_id, name)
      VALUES ('many', 'org', 's3', 'many.md'), ('rare', 'org', 's3', 'rare.md');
    `);
    await database.transaction(async (transaction) => {
      await replaceChunks(
        transaction,
        { id: 'many', datastoreId: 's3' },
        Array.from({ length: 300 }, (_, position) => ({
          position,
          title: 'Harbour',
          content: `The harbour opens at ${position} o'clock; boats wait in the harbour.`,
        })),
      );
      await replaceChunks(transaction, { id: 'rare', datastoreId: 's3' }, [
        { position: 0, title: 'Lighthouse', content: 'The lighthouse keeper watches the harbour.' },
      ]);
    });
    const result = await retrieve(database, 'Who watches the harbour from the lighthouse?', {
      datastoreIds: ['s3'],
    });
    expect(result.passages[0]?.datasourceId).toBe('rare');
    expect(result.sources.map((source) => source.datasource_id)).toEqual(['rare', 'many']);
    expect(result.sources[0]?.score).toBeGreaterThan(result.sources[1]?.score ?? 1);
    expect(result.sources[0]?.score).toBeLessThanOrEqual(1);
  });
});

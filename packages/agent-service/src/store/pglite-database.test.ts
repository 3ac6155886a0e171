import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { createPgliteDatabase } from './pglite-database.js';
import { pgliteTemplateTarball } from './pglite-template.js';

/** Every column type the service reads, in one row. */
const ROW_TYPES_SQL = `SELECT
  now() AS at, '2024-02-29 12:34:56.789+00'::timestamptz AS fixed_at, '2024-02-29'::date AS day,
  9007199254740993::bigint AS big, 12.50::numeric AS money, 3::int AS small, 0.25::float8 AS ratio,
  true AS flag, NULL::text AS nothing, 'né ☃ 😀'::text AS words, ARRAY['a', 'b']::text[] AS list,
  '{"k": [1, {"x": null}], "s": "é"}'::jsonb AS document, '\\x00ff10'::bytea AS bytes,
  '[1,2.5,-3]'::vector AS embedding, 'a:1 b:2'::tsvector AS tsv,
  interval '90 minutes' AS span`;

describe('the PGlite adapter', () => {
  let database: Database & { dump(): Promise<Blob> };

  beforeAll(async () => {
    database = await createPgliteDatabase();
    await database.exec(`
      CREATE EXTENSION IF NOT EXISTS vector;
      CREATE TABLE items (id text PRIMARY KEY, n int NOT NULL);
    `);
  });

  afterAll(async () => {
    await database.close();
  });

  it('returns every row type exactly as PGlite itself does', async () => {
    // PGlite as it comes (none of the adapter's settings), started from the shipped template
    // rather than by initdb: tens of seconds of CPU on a busy machine, for the same cluster.
    const template = await pgliteTemplateTarball();
    if ('warning' in template) throw new Error(template.warning);
    const direct = await PGlite.create({ extensions: { vector }, loadDataDir: template.tarball });
    try {
      await direct.exec('CREATE EXTENSION vector');
      const expected = (await direct.query<Record<string, unknown>>(ROW_TYPES_SQL)).rows[0];
      const [row] = await database.query<Record<string, unknown>>(ROW_TYPES_SQL);
      expect(row?.at).toBeInstanceOf(Date);
      expect(row?.bytes).toBeInstanceOf(Uint8Array);
      expect(Array.from(row?.bytes as Uint8Array)).toEqual([0, 255, 16]);
      expect({ ...row, at: 0 }).toEqual({ ...expected, at: 0 });
      const params = await database.query<{ echoed: unknown; items: unknown; blob: unknown }>(
        'SELECT $1::jsonb AS echoed, $2::text[] AS items, $3::bytea AS blob',
        [JSON.stringify({ a: [1, 2] }), ['x', 'y'], new Uint8Array([7, 8])],
      );
      expect(params[0]).toEqual({
        echoed: { a: [1, 2] },
        items: ['x', 'y'],
        blob: new Uint8Array([7, 8]),
      });
    } finally {
      await direct.close();
    }
  });

  it('in memory, creates WAL segments without zero-filling them, and keeps working', async () => {
    expect(await database.query('SHOW wal_init_zero')).toEqual([{ wal_init_zero: 'off' }]);
    for (let segment = 0; segment < 2; segment += 1) {
      await database.query('SELECT pg_switch_wal()');
      await database.query(
        `INSERT INTO items SELECT 'wal-' || $1 || '-' || n, n FROM generate_series(1, 500) n`,
        [segment],
      );
    }
    expect(
      await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM items WHERE id LIKE 'wal-%'`,
      ),
    ).toEqual([{ n: 1000 }]);
  });

  it('rethrows Postgres errors with their code, constraint and message', async () => {
    await database.query(`INSERT INTO items VALUES ('dup', 1)`);
    const duplicate = await database
      .query(`INSERT INTO items VALUES ('dup', 2)`)
      .catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({
      code: '23505',
      constraint: 'items_pkey',
      message: expect.stringMatching(/duplicate key value violates unique constraint "items_pkey"/),
    });
    await expect(database.exec('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    // A failed statement leaves the database usable.
    expect(await database.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('commits a transaction, rolls one back on a throw, and keeps other statements behind it', async () => {
    const result = await database.transaction(async (transaction) => {
      await transaction.query(`INSERT INTO items VALUES ('t1', 1)`);
      return (await transaction.query<{ n: number }>(`SELECT n FROM items WHERE id = 't1'`))[0];
    });
    expect(result).toEqual({ n: 1 });

    const failure = new Error('work failed');
    await expect(
      database.transaction(async (transaction) => {
        await transaction.query(`INSERT INTO items VALUES ('t2', 2)`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      database.transaction(async (transaction) => {
        await transaction.query(`INSERT INTO items VALUES ('t3', 3)`);
        await transaction.query(`INSERT INTO items VALUES ('t1', 1)`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(
      await database.query(`SELECT id FROM items WHERE id IN ('t1', 't2', 't3') ORDER BY id`),
    ).toEqual([{ id: 't1' }]);

    // A statement outside an open transaction waits for its commit, then sees its writes.
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    let leaked: Database['query'] | undefined;
    await database.transaction(async (transaction) => {
      leaked = transaction.query.bind(transaction);
      await transaction.query(`INSERT INTO items VALUES ('t4', 4)`);
      outside = database
        .query<{ n: number }>(`SELECT n FROM items WHERE id = 't4'`)
        .then((rows) => {
          order.push('outside');
          return rows;
        });
      // One more round trip: a statement queued before it, not held back, would answer first.
      await transaction.query('SELECT 1');
      await transaction.query(`UPDATE items SET n = 40 WHERE id = 't4'`);
      order.push('commit');
    });
    expect(await outside).toEqual([{ n: 40 }]);
    expect(order).toEqual(['commit', 'outside']);
    // A transaction's handle is dead once it ended.
    await expect(leaked?.('SELECT 1')).rejects.toThrow(
      /already committed or rolled back|Transaction is closed/,
    );
  });

  it('answers many concurrent statements and transactions, each with its own result', async () => {
    const values = Array.from({ length: 200 }, (_, index) => index);
    const answers = await Promise.all([
      ...values.map((value) => database.query<{ v: number }>('SELECT $1::int AS v', [value])),
      ...values.slice(0, 20).map((value) =>
        database.transaction(async (transaction) => {
          await transaction.query('INSERT INTO items VALUES ($1, $2)', [`c${value}`, value]);
          return transaction.query<{ v: number }>('SELECT n AS v FROM items WHERE id = $1', [
            `c${value}`,
          ]);
        }),
      ),
    ]);
    expect(answers.map((rows) => rows[0]?.v)).toEqual([...values, ...values.slice(0, 20)]);
  });

  it('finishes the calls in flight at close, then refuses new ones and frees the data directory', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-adapter-'));
    try {
      const own = await createPgliteDatabase({ dataDir });
      await own.exec('CREATE TABLE t (n int)');
      // A transaction still working when close() is called: its statement comes after.
      let closeCalled!: () => void;
      const closing = new Promise<void>((resolve) => {
        closeCalled = resolve;
      });
      const inFlight = [
        ...Array.from({ length: 20 }, (_, n) => own.query('INSERT INTO t VALUES ($1)', [n])),
        own.transaction(async (transaction) => {
          await closing;
          await transaction.query('INSERT INTO t VALUES (100)');
        }),
      ];
      const closed = own.close();
      closeCalled();
      await expect(Promise.all(inFlight)).resolves.toHaveLength(21);
      await closed;
      const closedMessage = /The database is closed|PGlite is closed/;
      await expect(own.query('SELECT 1')).rejects.toThrow(closedMessage);
      await expect(own.transaction(async () => {})).rejects.toThrow(closedMessage);
      expect(existsSync(path.join(dataDir, 'agent-service.lock'))).toBe(false);
      const reopened = await createPgliteDatabase({ dataDir });
      expect(await reopened.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 21 }]);
      await reopened.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('makes snapshots that open as databases', async () => {
    const copy = await createPgliteDatabase({ snapshot: await database.dump() });
    expect(await copy.query(`SELECT n FROM items WHERE id = 't1'`)).toEqual([{ n: 1 }]);
    await copy.close();
  });

  it('makes snapshots that hold the last work, also what committed without a transaction id', async () => {
    await database.exec(`
      CREATE TABLE texts (tsv tsvector);
      CREATE INDEX texts_tsv ON texts USING gin (tsv) WITH (fastupdate = on);
      INSERT INTO texts SELECT to_tsvector('english', 'word' || n || ' other' || n % 7)
        FROM generate_series(1, 2000) AS n;
    `);
    // Merging the index's pending list is such work: the copy must not find it pending again.
    const [merged] = await database.query<{ pages: number }>(
      `SELECT gin_clean_pending_list('texts_tsv'::regclass) AS pages`,
    );
    expect(Number(merged?.pages)).toBeGreaterThan(0);
    const copy = await createPgliteDatabase({ snapshot: await database.dump() });
    try {
      expect(
        await copy.query(`SELECT gin_clean_pending_list('texts_tsv'::regclass)::int AS pages`),
      ).toEqual([{ pages: 0 }]);
    } finally {
      await copy.close();
    }
  });
});

describe("PGlite's page cache", () => {
  it('is 16 MB in a data directory, 128 MB (Postgres’s) in memory, and sized by cacheMb', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-cache-'));
    const onDisk = await createPgliteDatabase({ dataDir });
    const inMemory = await createPgliteDatabase();
    const sized = await createPgliteDatabase({ cacheMb: 40 });
    try {
      expect(await onDisk.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      expect(await inMemory.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '128MB' }]);
      expect(await sized.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '40MB' }]);
    } finally {
      await onDisk.close();
      await inMemory.close();
      await sized.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

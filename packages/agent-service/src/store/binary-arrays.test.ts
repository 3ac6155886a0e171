import { describe, expect, it } from 'vitest';
import { createTestDatabase, findTestPostgres } from '../testing/index.js';
import {
  encodeIntegerArray,
  encodeTextArray,
  encodeTsvectorArray,
  TSVECTOR_WEIGHT,
} from './binary-arrays.js';
import type { Database } from './database.js';
import { createPgDatabase } from './pg-database.js';

const TEXTS = [
  'plain',
  '',
  null,
  'né ☃ 😀 — 中文',
  'é'.repeat(40),
  'x'.repeat(200_000),
  'quote \' and \\ backslash, {braces}, "double"',
  undefined,
];
const INTEGERS = [0, -1, 42, 2 ** 31 - 1, -(2 ** 31), null];

/** Each encoder's array, read back by the database it is sent to. */
async function checkRoundTrips(database: Database): Promise<void> {
  const [texts] = await database.query<{ values: (string | null)[]; total: number }>(
    'SELECT $1::text[] AS values, cardinality($1::text[]) AS total',
    [encodeTextArray(TEXTS)],
  );
  expect(texts?.values).toEqual(TEXTS.map((text) => text ?? null));
  expect(texts?.total).toBe(TEXTS.length);
  const [integers] = await database.query<{ values: (number | null)[] }>(
    'SELECT $1::integer[] AS values',
    [encodeIntegerArray(INTEGERS)],
  );
  expect(integers?.values).toEqual(INTEGERS);

  // A tsvector as the text form would give it: lexemes sorted, positions with weights,
  // repeated positions (the cap) once.
  const title = TSVECTOR_WEIGHT.A << 14;
  const text = TSVECTOR_WEIGHT.B << 14;
  const vectors = await database.query<{ tsv: string; same: boolean }>(
    `SELECT v::text AS tsv, v = $2::tsvector AS same
     FROM unnest($1::tsvector[]) WITH ORDINALITY AS t (v, place) ORDER BY place`,
    [
      encodeTsvectorArray([
        new Map([
          ['otter', [title | 1, text | 4, text | 16_383, text | 16_383]],
          ['été', [text | 2]],
          ['abc', [title | 3]],
        ]),
        new Map(),
      ]),
      "'otter':1A,4B,16383B 'été':2B 'abc':3A",
    ],
  );
  expect(vectors).toEqual([
    { tsv: "'abc':3A 'otter':1A,4B,16383B 'été':2B", same: true },
    { tsv: '', same: false },
  ]);

  // Bulk columns side by side, as the chunk store sends them.
  const rows = await database.query<{ id: string; n: number | null }>(
    'SELECT * FROM unnest($1::text[], $2::integer[]) AS r (id, n)',
    [encodeTextArray(['a', 'b', 'c']), encodeIntegerArray([1, null, 3])],
  );
  expect(rows).toEqual([
    { id: 'a', n: 1 },
    { id: 'b', n: null },
    { id: 'c', n: 3 },
  ]);
  const [empty] = await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM unnest($1::text[])',
    [encodeTextArray([])],
  );
  expect(empty?.n).toBe(0);
  // Arrays given as JS values still work next to encoded ones.
  const [mixed] = await database.query<{ plain: string[]; encoded: string[] }>(
    'SELECT $1::text[] AS plain, $2::text[] AS encoded',
    [['x', 'y'], encodeTextArray(['z'])],
  );
  expect(mixed).toEqual({ plain: ['x', 'y'], encoded: ['z'] });
}

describe('binary arrays', () => {
  it('arrive in PGlite as the values sent, nulls, Unicode and all', async () => {
    const database = await createTestDatabase();
    try {
      await checkRoundTrips(database);
    } finally {
      await database.close();
    }
  });

  it('refuse an integer that int4 cannot hold rather than wrap it', () => {
    for (const value of [2 ** 31, -(2 ** 31) - 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => encodeIntegerArray([1, value])).toThrow(RangeError);
    }
  });
});

const databaseUrl = (
  await findTestPostgres(process.env.TEST_DATABASE_URL, 'The binary arrays on PostgreSQL')
).url;
describe.skipIf(!databaseUrl)('binary arrays on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('arrive through pg as the values sent', async () => {
    const database = await createPgDatabase({ databaseUrl: databaseUrl as string });
    try {
      await checkRoundTrips(database);
    } finally {
      await database.close();
    }
  });
});

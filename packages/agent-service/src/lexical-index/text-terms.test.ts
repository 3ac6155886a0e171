import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_DOCS_DIR } from '../index.js';
// As the chunk analysis does: from its module (the chunk-analysis thread loads no database).
import { encodeTsvectorArray } from '../store/binary-arrays.js';
import type { Database } from '../store/index.js';
import { createTestDatabase } from '../testing/index.js';
import { analyzeChunk, identifierParts, lexemesOf, termsOf } from './text-terms.js';

const stemEnglish = (word: string) => [...termsOf(word)][0];

// Words that exercise each rule and exception of the algorithm.
const TRICKY = `added adding egged odd errs hoping hopping hopped filing filling failed
  fizzed tanned luxuriating ties cries skies skis dying lying tying news sky gently early only
  singly idly ugly atlas cosmos bias andes inning outing canning herring earring evening
  proceed exceed succeeded agreed feed generous generously communication communities arsenal
  happily relational conditional valency hesitancy digitizer conformabli radically
  rationalism formaliti electrical hopefulness callousness effectiveness sensibility
  analogi fruitfully breathlessly cheerfully gracefulness triplicate formative decisiveness
  revival allowance inference airliner gyroscopic adjustable defensible irritant replacement
  adjustment dependent adoption communism activate angulariti homologous effective bowdlerize
  controll roll caress cats ponies gas this gaps kiwis campus class yellow saying crying
  flying by say cry yes yoyo ayyy youth embedding embedded deployments deploying configuration
  configure configured widgets colours running runs`.split(/\s+/);

async function vocabulary(): Promise<string[]> {
  const words = new Set(TRICKY.filter(Boolean));
  for (const name of await readdir(DEMO_DOCS_DIR)) {
    const text = await readFile(path.join(DEMO_DOCS_DIR, name), 'utf8');
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) words.add(word);
  }
  return [...words];
}

describe('termsOf', () => {
  // Retrieval stems with Postgres itself; the answerer only needs its own stems to be
  // consistent, but they should also stay close to Postgres's (same algorithm, Porter2).
  it('stems like Postgres’s english configuration, but for a few known exceptions', async () => {
    const database = await createTestDatabase();
    try {
      const words = await vocabulary();
      expect(words.length).toBeGreaterThan(500);
      const rows = await database.query<{ word: string; lexemes: string[] | null }>(
        `SELECT word, ts_lexize('english_stem', word) AS lexemes FROM unnest($1::text[]) AS word`,
        [words],
      );
      // Stop words have no lexeme; every other word must reduce to Postgres's stem.
      const compared = rows.filter((row) => row.lexemes && row.lexemes.length > 0);
      expect(compared.length).toBeGreaterThan(400);
      const mismatches = compared
        .filter((row) => stemEnglish(row.word) !== row.lexemes?.[0])
        .map((row) => `${row.word}: postgres ${row.lexemes?.[0]}, ours ${stemEnglish(row.word)}`);
      // Snowball 2 (Postgres) keeps "add"/"egg" whole; the package follows the original rule.
      expect(mismatches).toEqual([
        'added: postgres add, ours ad',
        'adding: postgres add, ours ad',
        'egged: postgres egg, ours eg',
      ]);
    } finally {
      await database.close();
    }
  });

  it('brings inflected forms of a word together', () => {
    expect(stemEnglish('deployments')).toBe(stemEnglish('deploy'));
    expect(stemEnglish('embedding')).toBe('embed');
    expect(stemEnglish('configuration')).toBe(stemEnglish('configure'));
    expect(stemEnglish('added')).toBe(stemEnglish('adding'));
    expect(stemEnglish('3000')).toBe('3000');
    expect(stemEnglish('go')).toBe('go');
  });
});

/** The `tsvector` of a chunk as the chunk store sends it, read back as text by Postgres. */
async function storedText(database: Database, title: string, content: string): Promise<string> {
  const [row] = await database.query<{ tsvector: string }>(
    'SELECT tsv::text AS tsvector FROM unnest($1::tsvector[]) AS tsv',
    [encodeTsvectorArray([analyzeChunk(title, content).lexemes])],
  );
  return row?.tsvector ?? '';
}

describe('analyzeChunk', () => {
  it('makes the tsvector Postgres’s english configuration makes of plain prose', async () => {
    const database = await createTestDatabase();
    try {
      const title = 'Sea otters › Tools';
      const content =
        'Sea otters use stones as tools; they float on their backs while the pups sleep. ' +
        'An otter’s fur holds a million hairs per square inch, and 3000 otters live here!';
      const [row] = await database.query<{ tsvector: string }>(
        `SELECT (setweight(to_tsvector('english', $1), 'A') ||
           setweight(to_tsvector('english', $2), 'B'))::text AS tsvector`,
        [title, content],
      );
      expect(await storedText(database, title, content)).toBe(row?.tsvector);
      const analyzed = analyzeChunk(title, content);
      expect(analyzed.length).toBe(3 + 31);
      expect([...analyzed.lexemes.keys()]).toContain('otter');
      expect([...analyzed.lexemes.keys()]).not.toContain('the');
    } finally {
      await database.close();
    }
  });

  it('stores positions past 16,383 as Postgres does: at 16,383, once', async () => {
    const database = await createTestDatabase();
    try {
      const content = `otter ${'sea '.repeat(16_400)}otter otters`;
      const [row] = await database.query<{ tsvector: string }>(
        `SELECT setweight(to_tsvector('english', $1), 'B')::text AS tsvector`,
        [content],
      );
      expect(row?.tsvector).toContain("'otter':1B,16383B");
      expect(await storedText(database, '', content)).toBe(row?.tsvector);
    } finally {
      await database.close();
    }
  });

  it('caps positions per lexeme and word length as Postgres does; analyses questions alike', () => {
    const long = Array.from({ length: 20_000 }, () => 'otter').join(' ');
    const analyzed = analyzeChunk('', long);
    expect([...analyzed.lexemes.keys()]).toEqual(['otter']);
    expect(analyzed.lexemes.get('otter')).toHaveLength(255);
    expect(analyzeChunk('', 'x'.repeat(300)).lexemes.size).toBe(0);
    expect(lexemesOf('How do otters sleep?')).toEqual([
      { lexeme: 'otter', position: 3 },
      { lexeme: 'sleep', position: 4 },
    ]);
    // A question's "isn't" is "is not" (stop words), not `isn`; positions stay the text's.
    expect(lexemesOf("Otters aren't asleep in New Haven")).toEqual([
      { lexeme: 'otter', position: 1 },
      { lexeme: 'asleep', position: 4 },
      { lexeme: 'new', position: 6 },
      { lexeme: 'haven', position: 7 },
    ]);
  });

  it('indexes the words inside code identifiers beside the identifier, at its position', () => {
    expect(identifierParts('allowAfterThis')).toEqual(['allow']);
    expect(identifierParts('ignorePropertyModificationsFor')).toEqual([
      'ignore',
      'property',
      'modifications',
    ]);
    expect(identifierParts('XMLHttpRequest')).toEqual(['xml', 'http', 'request']);
    expect(identifierParts('setupFiles')).toEqual(['setup', 'files']);
    // Not identifiers people name things with: plain words, encoded data, versions inside.
    for (const word of [
      'otter',
      'Otter',
      'HTTP',
      'eyJzdWIiOiAidXNlcjEyMyIsICJyb2xl',
      'utf8Decode',
    ]) {
      expect(identifierParts(word)).toEqual([]);
    }
    const analyzed = analyzeChunk('Options › allowAfterThis', 'Set allowAfterThis.');
    const identifier = analyzed.lexemes.get('allowafterthi');
    expect(identifier).toHaveLength(2);
    expect(analyzed.lexemes.get('allow')).toEqual(identifier);
    expect(analyzed.length).toBe(4);
    // Questions keep their identifiers whole: an identifier asked for matches as one.
    expect(lexemesOf('Is allowAfterThis on?').map((item) => item.lexeme)).toEqual([
      'allowafterthi',
    ]);
    expect(termsOf('use setupFiles')).toEqual(new Set(['use', 'setupfil', 'setup', 'file']));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { createTestDatabase, replaceChunks } from '../testing/index.js';
import { searchLexical } from './lexical-search.js';
import { correctUnknownTerms, spellingVariantsOf } from './spelling-correction.js';

describe('spellingVariantsOf', () => {
  it('gives every term one letter left out, added, replaced or swapped with its neighbour', () => {
    const variants = new Set(spellingVariantsOf('tackel'));
    expect(variants.has('tackl')).toBe(true); // left out
    expect(variants.has('tackele')).toBe(true); // added
    expect(variants.has('tackal')).toBe(true); // replaced
    expect(variants.has('tackle')).toBe(true); // swapped
    expect(variants.has('tackel')).toBe(false);
    expect(variants.has('tacl')).toBe(false); // two edits
    // 6 left out, 5 swapped, 6 × 26 replaced, 7 × 26 added: fewer once duplicates go.
    expect(variants.size).toBeLessThanOrEqual(6 + 5 + 6 * 26 + 7 * 26);
  });

  it('tries the term’s own letters beyond a–z', () => {
    expect(spellingVariantsOf('beauséjour')).toContain('beausééjour');
    expect(spellingVariantsOf('beausejour')).not.toContain('beauséjour');
  });

  it('leaves short terms, long runs and anything with a digit alone', () => {
    expect(spellingVariantsOf('cat')).toEqual([]);
    expect(spellingVariantsOf('a'.repeat(25))).toEqual([]);
    expect(spellingVariantsOf('h2o2')).toEqual([]);
    expect(spellingVariantsOf('1999')).toEqual([]);
  });
});

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.exec(`
    INSERT INTO organizations (id, name) VALUES ('org', 'Org');
    INSERT INTO datastores (id, organization_id, name) VALUES ('s1', 'org', 'One'), ('s2', 'org', 'Two');
    INSERT INTO datasources (id, organization_id, datastore_id, name)
    VALUES ('game', 'org', 's1', 'game.md'), ('run', 'org', 's1', 'run.md'),
      ('other', 'org', 's2', 'other.md');
  `);
  await database.transaction(async (transaction) => {
    await replaceChunks(transaction, { id: 'game', datastoreId: 's1' }, [
      {
        position: 0,
        title: 'The game',
        content:
          'Newton threw two interceptions in the game, and the coach spoke about the long and difficult afternoon at length.',
      },
    ]);
    await replaceChunks(transaction, { id: 'run', datastoreId: 's1' }, [
      { position: 0, title: 'The run', content: 'Newton ran, and ran again.' },
    ]);
    await replaceChunks(transaction, { id: 'other', datastoreId: 's2' }, [
      { position: 0, title: 'Other', content: 'Tackles and tackling.' },
    ]);
  });
});

afterAll(async () => {
  await database.close();
});

describe('correctUnknownTerms', () => {
  it('takes an unknown term for the term of the datastores one edit away', async () => {
    const corrections = await correctUnknownTerms(database, ['intercpet', 'newtn'], ['s1']);
    expect(corrections.get('intercpet')).toEqual({ term: 'intercept', frequency: 1 });
    expect(corrections.get('newtn')).toEqual({ term: 'newton', frequency: 2 });
    expect((await correctUnknownTerms(database, ['zzzz'], ['s1'])).size).toBe(0);
  });

  it('corrects nothing in a query with more than two unknown terms (another language, not typing slips)', async () => {
    const corrections = await correctUnknownTerms(database, ['intercpet', 'newtn', 'zzzz'], ['s1']);
    expect(corrections.size).toBe(0);
  });

  it('reads only the datastores searched', async () => {
    expect((await correctUnknownTerms(database, ['tackel'], ['s1'])).size).toBe(0);
    expect((await correctUnknownTerms(database, ['tackel'], ['s2'])).get('tackel')?.term).toBe(
      'tackl',
    );
  });
});

describe('searchLexical with a misspelled question', () => {
  it('finds the passage by the word the question meant, at a lower weight than the word itself', async () => {
    const search = (text: string) =>
      searchLexical(database, [{ text, weight: 1 }], { datastoreIds: ['s1'], limit: 5 });
    // "Newton" alone favours the short passage; the misspelled word finds the other.
    const misspelled = await search('How many intercpetions did Newton have?');
    const hits = misspelled.hits.map((hit) => hit.chunkId);
    const { hits: exact } = await search('How many interceptions did Newton have?');
    expect(hits[0]).toBe(exact[0]?.chunkId);
    expect(misspelled.termWeights.has('intercept')).toBe(true);
    expect(misspelled.termWeights.get('intercept')).toBeCloseTo(
      ((await search('interceptions')).termWeights.get('intercept') ?? 0) / 2,
    );
    const { hits: plain } = await search('How many did Newton have?');
    expect(plain[0]?.chunkId).not.toBe(hits[0]);
  });
});

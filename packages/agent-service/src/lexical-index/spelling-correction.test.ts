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
    INSERT INTO datastores (id, organization_id, name) VALUES ('s1', 'org', 'One'), ('s2', 'org', 'Two'),
      ('s3', 'org', 'Three');
    INSERT INTO datasources (id, organization_id, datastore_id, name)
    VALUES ('game', 'org', 's1', 'game.md'), ('run', 'org', 's1', 'run.md'),
      ('other', 'org', 's2', 'other.md'), ('tables', 'org', 's3', 'tables.md');
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
    await replaceChunks(transaction, { id: 'tables', datastoreId: 's3' }, [
      { position: 0, title: 'Wide tables', content: 'A wide table is slow to scan.' },
      {
        position: 2,
        title: 'Undone changes',
        content:
          'A change undone by a rollback leaves the table as it was; yml files are read too.',
      },
      {
        position: 1,
        title: 'Emptying a table',
        content: 'TRUNCATE empties a table at once. Teachers catch errors early.',
      },
    ]);
  });
});

afterAll(async () => {
  await database.close();
});

/** An unknown term as the question wrote it (here: the stem itself). */
const asked = (term: string) => ({ term, words: [term] });

describe('correctUnknownTerms', () => {
  it('takes an unknown term for the term of the datastores one edit away', async () => {
    const corrections = await correctUnknownTerms(
      database,
      [asked('intercpet'), asked('newtn')],
      ['s1'],
    );
    expect(corrections.get('intercpet')).toEqual({ term: 'intercept', frequency: 1 });
    expect(corrections.get('newtn')).toEqual({ term: 'newton', frequency: 2 });
    expect((await correctUnknownTerms(database, [asked('zzzz')], ['s1'])).size).toBe(0);
  });

  it('corrects nothing in a query with more than two unknown terms (another language, not typing slips)', async () => {
    const corrections = await correctUnknownTerms(
      database,
      [asked('intercpet'), asked('newtn'), asked('zzzz')],
      ['s1'],
    );
    expect(corrections.size).toBe(0);
  });

  it('never takes a correctly spelled English word for another, and still corrects a typing slip', async () => {
    // "wipe" is a word the documents do not use, not a slip of "wide", one edit away.
    const corrections = await correctUnknownTerms(
      database,
      [asked('wipe'), asked('widde')],
      ['s3'],
    );
    expect(corrections.has('wipe')).toBe(false);
    expect(corrections.get('widde')?.term).toBe('wide');
  });

  it('counts only the unknown words that are not English against the limit of two', async () => {
    const corrections = await correctUnknownTerms(
      database,
      [asked('wipe'), asked('couch'), asked('intercpet')],
      ['s1'],
    );
    expect([...corrections]).toEqual([['intercpet', { term: 'intercept', frequency: 1 }]]);
  });

  it('takes an irregular verb’s past for its base form, however far apart they are spelled', async () => {
    const corrections = await correctUnknownTerms(database, [asked('caught')], ['s3']);
    expect(corrections.get('caught')).toEqual({ term: 'catch', frequency: 1 });
  });

  it('reads only the datastores searched', async () => {
    expect((await correctUnknownTerms(database, [asked('tackel')], ['s1'])).size).toBe(0);
    expect(
      (await correctUnknownTerms(database, [asked('tackel')], ['s2'])).get('tackel')?.term,
    ).toBe('tackl');
  });
});

describe('searchLexical with a word the documents do not use', () => {
  it('searches it as it is, not as the documents’ word one letter away', async () => {
    const { termWeights, unknownTerms } = await searchLexical(
      database,
      [{ text: 'How do I wipe a table?', weight: 1 }],
      { datastoreIds: ['s3'], limit: 5 },
    );
    expect(unknownTerms).toEqual(['wipe']);
    expect([...termWeights.keys()]).toEqual(['tabl']);
  });
});

describe('searchLexical with a word written as code or as a name', () => {
  const search = (text: string) =>
    searchLexical(database, [{ text, weight: 1 }], { datastoreIds: ['s3'], limit: 5 });

  it('searches it as written, never as the documents’ word one letter away', async () => {
    // Written in prose, "ondone" is a slip of "undone"; `onDone`, onDone and YAML are names.
    expect((await search('Why is ondone never a table?')).termWeights.has('undon')).toBe(true);
    for (const question of [
      'Why is `onDone` called twice on a table?',
      'Why is onDone called twice on a table?',
    ]) {
      const { termWeights, unknownTerms } = await search(question);
      expect(termWeights.has('undon')).toBe(false);
      expect(unknownTerms).toContain('ondon');
    }
    expect((await search('Can I write the table in yaml?')).termWeights.has('yml')).toBe(true);
    expect((await search('Can I write the table in YAML?')).termWeights.has('yml')).toBe(false);
  });

  it('still corrects a slip of the question’s prose beside it', async () => {
    const { termWeights } = await search('Why does `onDone` leave the tabel wide?');
    expect(termWeights.has('tabl')).toBe(true);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { createTestDatabase, replaceChunks } from '../testing/index.js';
import { searchLexical } from './lexical-search.js';
import { wordNetRelativesOf } from './wordnet.js';

describe('wordNetRelativesOf', () => {
  it('gives the synonyms and the direct hypernyms of a word’s most frequent sense', () => {
    const relatives = wordNetRelativesOf('silence');
    expect(relatives).toEqual(expect.arrayContaining(['silence', 'hush', 'quieten']));
    expect(relatives).toContain('suppress'); // a hypernym of the verb
  });

  it('finds an inflected word under its base form, irregular verbs too', () => {
    expect(wordNetRelativesOf('silenced')).toEqual(expect.arrayContaining(['silence', 'hush']));
    expect(wordNetRelativesOf('vanishes')).toContain('disappear');
    expect(wordNetRelativesOf('newest')).toContain('new');
    expect(wordNetRelativesOf('threw')).toContain('throw');
  });

  it('leaves a word’s other senses out', () => {
    // "kick" as complaining is its third sense as a verb.
    expect(wordNetRelativesOf('kick')).not.toContain('complain');
  });

  it('finds the first and the last lemma of an index file', () => {
    expect(wordNetRelativesOf('aah')).toContain('aah'); // index.verb's first
    expect(wordNetRelativesOf('zyrian')).toContain('zyrian'); // index.noun's last
    expect(wordNetRelativesOf('zymotic')).toContain('zymotic'); // index.adj's last
  });

  it('reads on past an index line longer than one read', () => {
    // index.verb's "break" line is 567 bytes; a search step landing inside it found nothing
    // for "broken" (and ~70 other words) before.
    expect(wordNetRelativesOf('broken')).toEqual(expect.arrayContaining(['break', 'interrupt']));
    expect(wordNetRelativesOf('branch')).toContain('ramify');
  });

  it('remembers a word looked up: the same relatives again, not read again', () => {
    const first = wordNetRelativesOf('hush');
    expect(first).toEqual(expect.arrayContaining(['hush', 'silence']));
    expect(wordNetRelativesOf('hush')).toBe(first);
  });

  it('finds nothing for a word WordNet lacks', () => {
    expect(wordNetRelativesOf('intercpetions')).toEqual([]);
    expect(wordNetRelativesOf('zzzz')).toEqual([]);
  });
});

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.exec(`
    INSERT INTO organizations (id, name) VALUES ('org', 'Org');
    INSERT INTO datastores (id, organization_id, name) VALUES ('cli', 'org', 'CLI'),
      ('quiet', 'org', 'Quiet');
    INSERT INTO datasources (id, organization_id, datastore_id, name)
    VALUES ('options', 'org', 'cli', 'options.md'), ('hush', 'org', 'quiet', 'hush.md');
  `);
  await database.transaction(async (transaction) => {
    await replaceChunks(transaction, { id: 'options', datastoreId: 'cli' }, [
      {
        position: 0,
        title: 'Warnings',
        content: 'Warnings are printed after the errors, and the count of warnings last.',
      },
      { position: 1, title: 'Options', content: 'Suppress the warnings.' },
    ]);
    await replaceChunks(transaction, { id: 'hush', datastoreId: 'quiet' }, [
      { position: 0, title: 'Quiet mode', content: 'Silence the warnings with --quiet.' },
      { position: 1, title: 'Suppressing', content: 'Suppress the warnings of one line.' },
    ]);
  });
});

afterAll(async () => {
  await database.close();
});

describe('searchLexical with a question worded unlike the documents', () => {
  it('finds the passage by a WordNet relative of a word no chunk holds', async () => {
    const { hits, termWeights, unknownTerms } = await searchLexical(
      database,
      [{ text: 'How do I silence the warnings?', weight: 1 }],
      { datastoreIds: ['cli'], limit: 5 },
    );
    expect(unknownTerms).toEqual(['silenc']);
    expect(termWeights.has('suppress')).toBe(true);
    // Without "suppress", the passage that repeats "warnings" comes first.
    expect(hits[0]?.chunkId).toBe(
      (
        await database.query<{ id: string }>(
          `SELECT id FROM chunks WHERE position = 1 AND datasource_id = 'options'`,
        )
      )[0]?.id,
    );
  });

  it('never expands a word the question writes only as code: an identifier, not the English word', async () => {
    const inProse = await searchLexical(
      database,
      [{ text: 'How do I silence the warnings?', weight: 1 }],
      { datastoreIds: ['cli'], limit: 5 },
    );
    expect(inProse.termWeights.has('suppress')).toBe(true);
    // `silence` in backticks names something the documents lack; its relatives are not searched.
    const asCode = await searchLexical(
      database,
      [{ text: 'How do I `silence` the warnings?', weight: 1 }],
      { datastoreIds: ['cli'], limit: 5 },
    );
    expect(asCode.unknownTerms).toEqual(['silenc']);
    expect([...asCode.termWeights.keys()]).toEqual(['warn']);
    // Written in prose too, it is also the English word.
    const both = await searchLexical(
      database,
      [{ text: 'Does `silence` silence the warnings?', weight: 1 }],
      { datastoreIds: ['cli'], limit: 5 },
    );
    expect(both.termWeights.has('suppress')).toBe(true);
  });

  it('never expands a word the documents use', async () => {
    const { termWeights, unknownTerms } = await searchLexical(
      database,
      [{ text: 'How do I silence the warnings?', weight: 1 }],
      { datastoreIds: ['quiet'], limit: 5 },
    );
    expect(unknownTerms).toEqual([]);
    expect(termWeights.has('suppress')).toBe(false);
  });
});

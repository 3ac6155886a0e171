import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { createTestDatabase, replaceChunks } from '../testing/index.js';
import { searchLexical } from './lexical-search.js';
import { FORM_WORD_WEIGHT, NAME_WEIGHT, questionWeights } from './question-weights.js';

describe('questionWeights', () => {
  it('weighs down the words that give a question its form', () => {
    expect(questionWeights('how many turnovers were there')).toEqual(
      new Map([[2, FORM_WORD_WEIGHT]]),
    );
    expect(questionWeights('what kind of company is it')).toEqual(new Map([[2, FORM_WORD_WEIGHT]]));
    expect(questionWeights('which year did it open')).toEqual(new Map([[2, FORM_WORD_WEIGHT]]));
    expect(questionWeights('what is the name of the river')).toEqual(
      new Map([[4, FORM_WORD_WEIGHT]]),
    );
    expect(questionWeights('what was the ship called')).toEqual(new Map([[5, FORM_WORD_WEIGHT]]));
  });

  it('leaves the same words alone where they carry meaning', () => {
    expect(questionWeights('many piers, a long river, the name field')).toEqual(new Map());
    expect(questionWeights('the type system of the language')).toEqual(new Map());
  });

  it('weighs up capitalised words after the first: names', () => {
    expect(questionWeights('How many turnovers did Cam Newton have?')).toEqual(
      new Map([
        [2, FORM_WORD_WEIGHT],
        [5, NAME_WEIGHT],
        [6, NAME_WEIGHT],
      ]),
    );
  });
});

describe('searchLexical with question weights', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.exec(`
      INSERT INTO organizations (id, name) VALUES ('org', 'Org');
      INSERT INTO datastores (id, organization_id, name) VALUES ('s', 'org', 'Port');
      INSERT INTO datasources (id, organization_id, datastore_id, name)
      VALUES ('a', 'org', 's', 'a.md'), ('b', 'org', 's', 'b.md');
    `);
    await database.transaction(async (transaction) => {
      await replaceChunks(transaction, { id: 'a', datastoreId: 's' }, [
        { position: 0, title: 'Port', content: 'Acme built twelve piers; many boats moor there.' },
      ]);
      await replaceChunks(transaction, { id: 'b', datastoreId: 's' }, [
        { position: 0, title: 'Port', content: 'The harbour opens at dawn.' },
      ]);
    });
  });

  afterAll(async () => {
    await database.close();
  });

  const weightsOf = async (text: string) =>
    (await searchLexical(database, [{ text, weight: 1 }], { datastoreIds: ['s'], limit: 5 }))
      .termWeights;

  it('gives the term of a form word less weight, and a name more, than the same words plainly', async () => {
    const plain = await weightsOf('many piers acme');
    const asked = await weightsOf('How many piers did Acme build?');
    expect(asked.get('mani')).toBeCloseTo((plain.get('mani') ?? 0) * FORM_WORD_WEIGHT, 9);
    expect(asked.get('acm')).toBeCloseTo((plain.get('acm') ?? 0) * NAME_WEIGHT, 9);
    expect(asked.get('pier')).toBeCloseTo(plain.get('pier') ?? 0, 9);
    expect(plain.get('mani')).toBeGreaterThan(0);
  });
});

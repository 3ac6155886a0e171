import { describe, expect, it } from 'vitest';
import {
  answerCueOf,
  answerShapeOf,
  asksPrice,
  holdsAnswerShape,
  missesAskedDate,
  missesAskedPrice,
  statesMoney,
} from './answer-shape.js';

describe('answerShapeOf', () => {
  it('reads the shape of the answer from the question words', () => {
    expect(answerShapeOf('Who founded the company?')).toBe('name');
    expect(answerShapeOf('Where is the office?')).toBe('name');
    expect(answerShapeOf('When did it open?')).toBe('time');
    expect(answerShapeOf('In what year was it built?')).toBe('time');
    expect(answerShapeOf('How many seats are there?')).toBe('number');
    expect(answerShapeOf('How much does it cost?')).toBe('number');
    expect(answerShapeOf('Why is the sky blue?')).toBeUndefined();
    expect(answerShapeOf('Wie viel kostet es?')).toBeUndefined();
  });
});

describe('holdsAnswerShape', () => {
  const asked = new Set(['who', 'founded', 'acme']);

  it('finds a name the question does not already say, after the sentence’s first word', () => {
    expect(holdsAnswerShape('Acme was founded by Ada Lovelace.', 'name', asked)).toBe(true);
    expect(holdsAnswerShape('It was founded by Acme.', 'name', asked)).toBe(false);
    expect(holdsAnswerShape('Founders met in a garage.', 'name', asked)).toBe(false);
  });

  it('finds times and numbers, in figures or words', () => {
    expect(holdsAnswerShape('It opened in 1998.', 'time', asked)).toBe(true);
    expect(holdsAnswerShape('It opened in May.', 'time', asked)).toBe(true);
    expect(holdsAnswerShape('It opened late.', 'time', asked)).toBe(false);
    expect(holdsAnswerShape('It has twelve seats.', 'number', asked)).toBe(true);
    expect(holdsAnswerShape('It costs $8 a month.', 'number', asked)).toBe(true);
    expect(holdsAnswerShape('It has seats.', 'number', asked)).toBe(false);
  });
});

describe('answerCueOf', () => {
  const holds = (question: string, sentence: string) => answerCueOf(question)?.(sentence);

  it('finds, for "how many X", a count just before X, in figures or words', () => {
    const question = 'How many turnovers did Cam Newton have?';
    expect(holds(question, 'Denver forced him into three turnovers.')).toBe(true);
    expect(holds(question, 'He had 2 costly turnovers.')).toBe(true);
    expect(holds(question, 'Newton had turnovers in 2015.')).toBe(false);
    expect(holds(question, 'Three of the players later had turnovers.')).toBe(false);
  });

  it('finds the form of the answer other questions ask for', () => {
    expect(holds('In what year was it built?', 'It was built in 1889.')).toBe(true);
    expect(holds('In what year was it built?', 'It was built in May.')).toBe(false);
    expect(holds('When did it open?', 'It opened in March.')).toBe(true);
    expect(holds('When did it open?', 'It opened late.')).toBe(false);
    expect(holds('What percentage of voters agreed?', 'Of voters, 62% agreed.')).toBe(true);
    expect(holds('What percentage of voters agreed?', 'Many voters agreed.')).toBe(false);
    expect(holds('How long is the river?', 'The river is 300 km long.')).toBe(true);
    expect(holds('How much did it cost?', 'It cost $5 million.')).toBe(true);
  });

  it('is undefined when the question says nothing of its answer’s form', () => {
    expect(answerCueOf('Why is the sky blue?')).toBeUndefined();
    expect(answerCueOf('Who founded the company?')).toBeUndefined();
    expect(answerCueOf('Wie viele Sitze gibt es?')).toBeUndefined();
  });
});

describe('missesAskedDate', () => {
  it('is true when a question asks for a date and no passage gives one', () => {
    const notes = [
      'Migrating to v7.0.0: rules move to the recommended config in v7.',
      'Set ecmaVersion 2019.',
    ];
    expect(missesAskedDate('On what date will v11 be released?', notes)).toBe(true);
    expect(missesAskedDate("What is v11's release date?", notes)).toBe(true);
  });

  it('is false when a passage gives a date, in any usual form', () => {
    for (const date of [
      'April 5, 2024',
      '5th of April',
      '2024-04-05',
      '05/04/2024',
      'on Sundays',
      'Christmas Eve',
    ]) {
      expect(
        missesAskedDate('On what date will v11 be released?', [`v11: released ${date}.`]),
      ).toBe(false);
    }
  });

  it('is true when the version a question asks the release of is in no dated passage', () => {
    const notes = [
      '1.0 Changelog › 1.0.3\nReleased: April 30, 2015',
      '2.0 Changelog › 2.0.0b1\nReleased: October 13, 2022.',
    ];
    expect(missesAskedDate('When will 3.0 be released?', notes)).toBe(true);
    expect(missesAskedDate('When will 13.0 be released?', notes)).toBe(true);
    expect(missesAskedDate('When is v2.0.1 released?', notes)).toBe(true);
    expect(
      missesAskedDate('When will 3.0 be released?', [...notes, 'Migrating to 3.0: not dated yet.']),
    ).toBe(true);
    // A bare number is not its version: "v11" is not in "April 11".
    expect(missesAskedDate('When was v11 released?', ['Released April 11, 2024.'])).toBe(true);
  });

  it('is false when a dated passage names the version, or one of its point releases', () => {
    const notes = [
      '1.0 Changelog › 1.0.3\nReleased: April 30, 2015',
      '2.0 Changelog › 2.0.0b1\nReleased: October 13, 2022.',
    ];
    expect(missesAskedDate('When was 2.0 released?', notes)).toBe(false);
    expect(missesAskedDate('When did v1 come out?', notes)).toBe(false);
    expect(missesAskedDate('When was v11 released?', ['v11.0.0 was released in 2025.'])).toBe(
      false,
    );
  });

  it('is false for a version named by a question that asks no release time', () => {
    expect(missesAskedDate('When does 3.0 drop the old API?', [])).toBe(false);
    expect(missesAskedDate('What was released in 3.0?', [])).toBe(false);
  });

  it('is false for a question that asks for no date', () => {
    expect(missesAskedDate('When does the rule report a problem?', ['No dates here.'])).toBe(false);
    expect(missesAskedDate('Which rule disallows var?', [])).toBe(false);
  });
});

describe('missesAskedPrice', () => {
  const docs = ['Several companies sell commercial support subscriptions.', 'The default is 1.0.'];

  it('is true when a question asks a price in money and no passage states an amount', () => {
    for (const question of [
      'How much does a yearly enterprise support subscription for PostgreSQL cost?',
      'How much does an ESLint enterprise license cost for a company with 50 developers?',
      'What does a commercial licence cost?',
      'What is the price of a support contract?',
      "What's the pricing for the hosted plan?",
      'How much would I pay for priority support?',
      'How much do they charge for training?',
      'How expensive is a paid subscription?',
    ]) {
      expect(missesAskedPrice(question, docs), question).toBe(true);
    }
  });

  it('is false when a passage states an amount of money, in any usual form', () => {
    const question = 'How much does a support subscription cost?';
    for (const amount of [
      'It costs $20 per month.',
      'It costs €5.',
      'It costs 100 USD a year.',
      'It costs USD 100 a year.',
      'It costs twenty dollars.',
      'It was sold for 1.2 billion pounds.',
      'Support is free of charge.',
      'Support is offered at no cost.',
      'You may use it without fee.',
    ]) {
      expect(missesAskedPrice(question, [...docs, amount]), amount).toBe(false);
    }
  });

  it('is false when the question asks a cost in no money sense, or no cost', () => {
    expect(missesAskedPrice('How much does a sequential page read cost?', docs)).toBe(false);
    expect(missesAskedPrice('What is the cost of a nested loop join?', docs)).toBe(false);
    expect(missesAskedPrice('How much charge does the capacitor hold?', docs)).toBe(false);
    expect(missesAskedPrice('Which licence is the code under?', docs)).toBe(false);
    expect(missesAskedPrice('Does the team sell paid support contracts?', docs)).toBe(false);
  });

  it('reads money words, not numbers or the word "free" alone', () => {
    expect(statesMoney('The default is 100.')).toBe(false);
    expect(statesMoney('Free memory and lock-free queues.')).toBe(false);
    expect(statesMoney('Costs 5 dollars.')).toBe(true);
    expect(asksPrice('How much does it cost?')).toBe(false);
    expect(asksPrice('How much does it cost in dollars?')).toBe(true);
  });
});

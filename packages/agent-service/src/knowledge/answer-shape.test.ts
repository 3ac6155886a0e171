import { describe, expect, it } from 'vitest';
import { answerShapeOf, holdsAnswerShape } from './answer-shape.js';

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

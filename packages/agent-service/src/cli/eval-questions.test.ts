import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-io.js';
import { parseEvalQuestions } from './eval-questions.js';

describe('parseEvalQuestions', () => {
  it('reads a set object or a bare array, defaulting phrases', () => {
    const questions = parseEvalQuestions(
      {
        about: 'mine',
        questions: [
          { id: 'a', question: 'How?', page: '/x', heading: 'y', phrases: ['z'], kind: 'how-to' },
          { id: 'u', question: 'Price?', page: null, heading: null, phrases: [] },
        ],
      },
      'q.json',
    );
    expect(questions).toEqual([
      { id: 'a', question: 'How?', page: '/x', heading: 'y', phrases: ['z'], kind: 'how-to' },
      { id: 'u', question: 'Price?', page: null, heading: null, phrases: [] },
    ]);
    expect(parseEvalQuestions([{ id: 'b', question: 'Why?', page: 'a.md' }], 'q.json')).toEqual([
      { id: 'b', question: 'Why?', page: 'a.md', phrases: [] },
    ]);
  });

  it('lists every problem with its place', () => {
    const parse = () =>
      parseEvalQuestions(
        {
          questions: [
            { id: 'a', question: '', page: '/x' },
            { id: 'a', question: 'Q', page: null, phrases: ['p'] },
            { question: 'Q', page: '/y', phrases: 'p' },
          ],
        },
        'mine.json',
      );
    expect(parse).toThrow(UsageError);
    const message = (() => {
      try {
        parse();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^mine\.json is not a valid question set:/);
    expect(message).toMatch(/questions\[0\]\.question: /);
    expect(message).toMatch(/questions\[1\]\.phrases: a question without a page/);
    expect(message).toMatch(/questions\[2\]\.id: /);
    expect(message).toMatch(/questions\[2\]\.phrases: /);
  });

  it('refuses an empty set and a repeated id', () => {
    expect(() => parseEvalQuestions({ questions: [] }, 'q.json')).toThrow(/questions: /);
    expect(() =>
      parseEvalQuestions(
        [
          { id: 'a', question: 'Q', page: '/x' },
          { id: 'a', question: 'R', page: '/y' },
        ],
        'q.json',
      ),
    ).toThrow(/questions\[1\]\.id: the id "a" is used twice/);
  });
});

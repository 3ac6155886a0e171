import { describe, expect, it } from 'vitest';
import { sentencesOf } from './sentences.js';

describe('sentencesOf', () => {
  it('splits prose at sentence ends and joins back to the text', () => {
    const text = 'First one. Second one! Third?  Fourth.';
    expect(sentencesOf(text)).toEqual(['First one. ', 'Second one! ', 'Third?  ', 'Fourth.']);
    expect(sentencesOf(text).join('')).toBe(text);
  });

  it('never splits inside inline code, a link, a dotted word or after an abbreviation', () => {
    const text =
      'Put it in `public/robots.txt. Then` reload. Run on Node.js and use app.fetch here. See [the guide. Really](./a.b) now. Use e.g. Bun instead.';
    expect(sentencesOf(text)).toEqual([
      'Put it in `public/robots.txt. Then` reload. ',
      'Run on Node.js and use app.fetch here. ',
      'See [the guide. Really](./a.b) now. ',
      'Use e.g. Bun instead.',
    ]);
  });

  it('keeps closing quotes and emphasis with their sentence', () => {
    expect(sentencesOf('He said "stop." Then **left.** Done.')).toEqual([
      'He said "stop." ',
      'Then **left.** ',
      'Done.',
    ]);
  });

  it('does not split where the next word starts in lower case', () => {
    expect(sentencesOf('Version 1.5 is out. it works.')).toEqual(['Version 1.5 is out. it works.']);
  });
});

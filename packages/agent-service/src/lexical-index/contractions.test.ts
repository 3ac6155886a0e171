import { describe, expect, it } from 'vitest';
import { expandNegativeContractions } from './contractions.js';

describe('expandNegativeContractions', () => {
  it('writes out the negative contractions, straight or typographic', () => {
    expect(expandNegativeContractions("Why isn't the cache shared, and doesn’t it rotate?")).toBe(
      'Why is not the cache shared, and does not it rotate?',
    );
    expect(expandNegativeContractions("I haven't, we won't, they can't, it ain't")).toBe(
      'I have not, we will not, they can not, it am not',
    );
  });

  it('leaves words that only look like a contraction’s first part', () => {
    const text = "New Haven's teams won; an isn-prefixed id; don't";
    expect(expandNegativeContractions(text)).toBe(
      "New Haven's teams won; an isn-prefixed id; do not",
    );
    expect(expandNegativeContractions('No apostrophe here')).toBe('No apostrophe here');
  });
});

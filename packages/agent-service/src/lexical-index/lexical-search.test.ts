import { describe, expect, it } from 'vitest';
import { candidateBudgetFor } from './lexical-search.js';

describe('candidateBudgetFor', () => {
  it('draws 1,000 candidates up to 50,000 chunks', () => {
    expect(candidateBudgetFor(0)).toBe(1_000);
    expect(candidateBudgetFor(1_098)).toBe(1_000);
    expect(candidateBudgetFor(50_000)).toBe(1_000);
  });

  it('grows with the square root of a larger corpus, so the cost stays sub-linear', () => {
    expect(candidateBudgetFor(200_000)).toBe(2_000);
    expect(candidateBudgetFor(250_000)).toBe(2_236);
    expect(candidateBudgetFor(5_000_000)).toBe(10_000);
    // Five times the chunks, well under five times the candidates.
    expect(candidateBudgetFor(1_250_000) / candidateBudgetFor(250_000)).toBeCloseTo(
      Math.sqrt(5),
      2,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { fuseByReciprocalRank } from './rank-fusion.js';

describe('fuseByReciprocalRank', () => {
  it('ranks what both lists agree on first, then by summed reciprocal ranks', () => {
    const fused = fuseByReciprocalRank([
      ['lexical-only', 'both', 'third'],
      ['vector-only', 'both'],
    ]);
    // both: 1/62 + 1/62; lexical-only: 1/61; vector-only: 1/61; third: 1/63.
    expect(fused.map((hit) => hit.id)).toEqual(['both', 'lexical-only', 'vector-only', 'third']);
    expect(fused[0]?.score).toBeCloseTo(((2 / 62) * 61) / 2, 5);
  });

  it('gives 1 to an id first everywhere, keeps the first ranking first on ties, and k matters', () => {
    expect(
      fuseByReciprocalRank([
        ['a', 'b'],
        ['a', 'c'],
      ]),
    ).toEqual([
      { id: 'a', score: 1 },
      { id: 'b', score: expect.closeTo(61 / 124, 5) },
      { id: 'c', score: expect.closeTo(61 / 124, 5) },
    ]);
    // With a small k the top of one list beats a pair of middling ranks.
    const ranking = (k: number) =>
      fuseByReciprocalRank(
        [
          ['x', 'p', 'q', 'both'],
          ['y', 'r', 's', 'both'],
        ],
        k,
      ).map((hit) => hit.id);
    expect(ranking(60)[0]).toBe('both');
    expect(ranking(1)[0]).toBe('x');
    expect(fuseByReciprocalRank([])).toEqual([]);
  });
});

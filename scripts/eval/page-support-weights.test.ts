import { describe, expect, it } from 'vitest';
import {
  figuresOf,
  fitWeights,
  leaveOneSetOut,
  type PoolCandidate,
  type PoolSet,
} from './page-support-weights.js';

// Features: [score, second section, third section, lacking].
const candidate = (features: number[], page = false, section = page): PoolCandidate => ({
  features,
  page,
  section,
  releaseNotes: false,
});

/**
 * A set where the right page is first only when a second matching section counts for more
 * than a one-section page's lacking ones: the short page scores a little higher.
 */
function secondSectionSet(name: string, questions: number): PoolSet {
  return {
    name,
    questions: Array.from({ length: questions }, (_, index) => ({
      id: `${name}-${index}`,
      candidates: [
        candidate([1, 0, 0, 2]),
        candidate([0.9, 0.8 - (index % 3) * 0.05, 0, 0], true),
        candidate([0.5, 0.3, 0.2, 0]),
        candidate([0.4, 0, 0, 0]),
      ],
    })),
  };
}

describe('page-support weights', () => {
  it('learns a weight for what tells the right page, the score’s held at 1', () => {
    const weights = fitWeights(secondSectionSet('a', 20).questions);
    expect(weights[0]).toBe(1);
    expect(weights[1]).toBeGreaterThan(weights[3] ?? 0);
    const figures = figuresOf(secondSectionSet('a', 20), weights);
    expect(figures.page1).toBe(20);
    // With the weights before (0.3 each), the short page is first.
    expect(figuresOf(secondSectionSet('a', 20), [1, 0.3, 0.3, 0.3]).page1).toBe(0);
  });

  it('judges each set with the weights learned on the others', () => {
    const sets = [secondSectionSet('a', 6), secondSectionSet('b', 6), secondSectionSet('c', 6)];
    const rows = leaveOneSetOut(sets, [1, 0.3, 0.3, 0.3]);
    expect(rows.map((row) => row.name)).toEqual(['a', 'b', 'c']);
    for (const row of rows) {
      expect(row.given).toEqual({ page1: 0, page3: 6, section3: 6, questions: 6 });
      expect(row.learned).toEqual({ page1: 6, page3: 6, section3: 6, questions: 6 });
    }
  });

  it('halves release notes after the support, as the ranking does', () => {
    const set: PoolSet = {
      name: 'r',
      questions: [
        {
          id: 'q',
          candidates: [
            { ...candidate([1, 0, 0, 0]), releaseNotes: true },
            candidate([0.6, 0, 0, 0], true),
          ],
        },
      ],
    };
    expect(figuresOf(set, [1, 0, 0, 0]).page1).toBe(1);
  });
});

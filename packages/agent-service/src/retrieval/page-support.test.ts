import { describe, expect, it } from 'vitest';
import { PAGE_SUPPORT_WEIGHTS, type PageSupportWeights, withPageSupport } from './page-support.js';

/** One weight for each of the next `depth` sections and each lacking one (the weights before issue 50's). */
const even = (weight: number, depth = 2): PageSupportWeights => ({
  sections: Array.from({ length: depth }, () => weight),
  lacking: weight,
});

describe('withPageSupport', () => {
  it('puts first the page several of whose sections match over one that matches once', () => {
    const ranked = withPageSupport(
      [
        { id: 'lone', datasource_id: 'mentions', title: 'M', score: 0.6 },
        { id: 'details', datasource_id: 'answers', title: 'A › Details', score: 0.55 },
        { id: 'intro', datasource_id: 'answers', title: 'A', score: 0.4 },
        { id: 'options', datasource_id: 'answers', title: 'A › Options', score: 0.3 },
      ],
      even(0.5),
    );
    expect(ranked.map((candidate) => candidate.id)).toEqual([
      'details',
      'intro',
      'options',
      'lone',
    ]);
    expect(ranked[0]?.score).toBeCloseTo((0.55 + 0.5 * (0.4 + 0.3)) / 2, 6);
    expect(ranked[3]?.score).toBeCloseTo(0.6 / 2, 6);
  });

  it('counts only the page’s next `depth` best sections, and keeps the order within a page', () => {
    const ranked = withPageSupport(
      [
        { id: 'a', datasource_id: 'p', title: 'P › A', score: 0.9 },
        { id: 'b', datasource_id: 'p', title: 'P › B', score: 0.5 },
        { id: 'c', datasource_id: 'p', title: 'P › C', score: 0.4 },
        { id: 'd', datasource_id: 'p', title: 'P › D', score: 0.3 },
      ],
      even(1, 1),
    );
    expect(ranked.map((candidate) => candidate.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(ranked[0]?.score).toBeCloseTo((0.9 + 0.5) / 2, 6);
    expect(ranked[3]?.score).toBeCloseTo((0.3 + 0.5) / 2, 6);
  });

  it('counts the pieces of one long section once: a section is not its own support', () => {
    const ranked = withPageSupport(
      [
        { id: 'lone', datasource_id: 'one', title: 'One › Install', score: 0.6 },
        { id: 'first', datasource_id: 'long', title: 'Long › Install', score: 0.55 },
        { id: 'second', datasource_id: 'long', title: 'Long › Install', score: 0.5 },
      ],
      even(1, 1),
    );
    expect(ranked.map((candidate) => candidate.id)).toEqual(['lone', 'first', 'second']);
    expect(ranked[0]?.score).toBeCloseTo(0.3, 6);
  });

  it('changes nothing at weight 0', () => {
    const candidates = [
      { datasource_id: 'x', title: 'X', score: 0.2 },
      { datasource_id: 'y', title: 'Y', score: 0.1 },
    ];
    expect(withPageSupport(candidates, even(0))).toEqual(candidates);
  });

  it('counts the sections a short page lacks at its best section’s score: one option’s page is not outranked for being short', () => {
    const candidates = [
      { id: 'option', datasource_id: 'short', title: 'setupFiles', score: 0.5, page_sections: 1 },
      {
        id: 'guide',
        datasource_id: 'long',
        title: 'Lifecycle › Setup',
        score: 0.55,
        page_sections: 9,
      },
      {
        id: 'guide-2',
        datasource_id: 'long',
        title: 'Lifecycle › Workers',
        score: 0.3,
        page_sections: 9,
      },
      {
        id: 'guide-3',
        datasource_id: 'long',
        title: 'Lifecycle › Hooks',
        score: 0.2,
        page_sections: 9,
      },
    ];
    const ranked = withPageSupport(candidates, even(0.5));
    expect(ranked.map((candidate) => candidate.id)).toEqual([
      'option',
      'guide',
      'guide-2',
      'guide-3',
    ]);
    // As supported as can be: its score is kept.
    expect(ranked[0]?.score).toBeCloseTo(0.5, 6);
    expect(ranked[1]?.score).toBeCloseTo((0.55 + 0.5 * (0.3 + 0.2)) / 2, 6);
    // Without the page's size, the same page is taken to have more to match (as before).
    const unknownSize = withPageSupport(
      candidates.map(({ page_sections: _, ...candidate }) => candidate),
      even(0.5),
    );
    expect(unknownSize[0]?.id).toBe('guide');
    // Two sections of two: one lacking, counted at the best.
    const two = withPageSupport(
      [
        { id: 'a', datasource_id: 'p', title: 'P', score: 0.6, page_sections: 2 },
        { id: 'b', datasource_id: 'p', title: 'P › Example', score: 0.2, page_sections: 2 },
      ],
      even(0.5),
    );
    expect(two[0]?.score).toBeCloseTo((0.6 + 0.5 * (0.2 + 0.6)) / 2, 6);
  });

  it('weighs each next section on its own', () => {
    const candidates = [
      { id: 'a1', datasource_id: 'a', title: 'A › 1', score: 0.5 },
      { id: 'a2', datasource_id: 'a', title: 'A › 2', score: 0.4 },
      { id: 'b1', datasource_id: 'b', title: 'B › 1', score: 0.5 },
      { id: 'b2', datasource_id: 'b', title: 'B › 2', score: 0.3 },
      { id: 'b3', datasource_id: 'b', title: 'B › 3', score: 0.3 },
    ];
    const weights = { sections: [0.4, 0.1], lacking: 0 };
    const ranked = withPageSupport(candidates, weights);
    // A: 0.5 + 0.4 × 0.4 = 0.66; B: 0.5 + 0.4 × 0.3 + 0.1 × 0.3 = 0.65.
    expect(ranked.map((candidate) => candidate.id).slice(0, 2)).toEqual(['a1', 'b1']);
    expect(ranked[0]?.score).toBeCloseTo(0.66 / 1.5, 6);
    expect(withPageSupport(candidates, even(0.25))[0]?.id).toBe('b1');
  });

  it('with the learned weights, ranks a page matched by two sections over a one-section page matched a little better', () => {
    // The reference sites' loss (docs/benchmarks.md, issue 50): a long page answers in one
    // section, a short prose page of one section matches the question's words as well.
    const candidates = [
      { id: 'short', datasource_id: 'short', title: 'WAL', score: 0.5, page_sections: 1 },
      {
        id: 'entry',
        datasource_id: 'ref',
        title: 'Settings › max_wal_size',
        score: 0.49,
        page_sections: 40,
      },
      {
        id: 'near',
        datasource_id: 'ref',
        title: 'Settings › min_wal_size',
        score: 0.45,
        page_sections: 40,
      },
      {
        id: 'far',
        datasource_id: 'ref',
        title: 'Settings › wal_level',
        score: 0.1,
        page_sections: 40,
      },
    ];
    const learned = withPageSupport(candidates, PAGE_SUPPORT_WEIGHTS);
    expect(learned.map((candidate) => candidate.id)).toEqual(['entry', 'short', 'near', 'far']);
    expect(learned[0]?.score).toBeCloseTo((0.49 + 0.353 * 0.45 + 0.182 * 0.1) / 1.535, 6);
    expect(learned[1]?.score).toBeCloseTo((0.5 + 0.136 * 2 * 0.5) / 1.535, 6);
    // With the weights before (0.3 for each next or lacking section), the short page first.
    expect(withPageSupport(candidates, even(0.3))[0]?.id).toBe('short');
  });
});

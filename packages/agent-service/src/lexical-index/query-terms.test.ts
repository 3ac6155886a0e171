import { describe, expect, it } from 'vitest';
import { startWithDocuments } from '../testing/index.js';
import { termStatistics } from './query-terms.js';

describe('termStatistics', () => {
  it("adds the documents' words for the question's words, at half their weight", async () => {
    const { service, datastoreId } = await startWithDocuments([
      { name: 'unused-args.md', text: '# unused-args\n\nDisallows args nobody reads.' },
      { name: 'rules.md', text: '# Rule list\n\nEvery rule of the linter.' },
    ]);
    try {
      const { terms, unknown } = await termStatistics(
        service.database,
        [{ text: 'Which rule forbids parameters?', weight: 1 }],
        [datastoreId],
      );
      const weights = Object.fromEntries(terms.map((term) => [term.term, term.weight]));
      // "forbid" and "parameters" are in no chunk; "disallow" and "args" are, at half weight.
      expect(weights).toEqual({ rule: 1, disallow: 0.5, arg: 0.5 });
      // A synonym no chunk holds is not reported as a word the documents lack.
      expect(unknown.sort()).toEqual(['forbid', 'paramet']);
    } finally {
      await service.close();
    }
  });

  it("does not search what a negative contraction leaves (isn't → isn)", async () => {
    const { service, datastoreId } = await startWithDocuments([
      { name: 'faq.md', text: "# FAQ\n\nThe cache isn't shared. The log doesn't rotate." },
      { name: 'cache.md', text: '# Cache\n\nThe cache is shared between workers.' },
    ]);
    try {
      const { terms, unknown } = await termStatistics(
        service.database,
        [{ text: "Why isn't the cache shared, and doesn't it rotate?", weight: 1 }],
        [datastoreId],
      );
      // `isn` and `doesn` are in one chunk of two, the rarest terms of the question: they
      // would outweigh its topic. Only the topic's words are searched.
      expect(terms.map((term) => term.term).sort()).toEqual(['cach', 'rotat', 'share']);
      expect(unknown).toEqual([]);
    } finally {
      await service.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { startWithDocuments } from '../testing/index.js';
import { termStatistics } from './query-terms.js';

/** `termStatistics` of a question over a datastore of these documents. */
async function statisticsOf(documents: { name: string; text: string }[], question: string) {
  const { service, datastoreId } = await startWithDocuments(documents);
  try {
    return await termStatistics(service.database, [{ text: question, weight: 1 }], [datastoreId]);
  } finally {
    await service.close();
  }
}

describe('termStatistics', () => {
  it("adds the documents' words for the question's words, at half their weight", async () => {
    const { terms, unknown } = await statisticsOf(
      [
        { name: 'unused-args.md', text: '# unused-args\n\nDisallows args nobody reads.' },
        { name: 'rules.md', text: '# Rule list\n\nEvery rule of the linter.' },
      ],
      'Which rule forbids parameters?',
    );
    const weights = Object.fromEntries(terms.map((term) => [term.term, term.weight]));
    // "forbid" and "parameters" are in no chunk; "disallow" and "args" are, at half weight.
    expect(weights).toEqual({ rule: 1, disallow: 0.5, arg: 0.5 });
    // A synonym no chunk holds is not reported as a word the documents lack.
    expect(unknown.sort()).toEqual(['forbid', 'paramet']);
  });

  it("does not search what a negative contraction leaves (isn't → isn)", async () => {
    const { terms, unknown } = await statisticsOf(
      [
        { name: 'faq.md', text: "# FAQ\n\nThe cache isn't shared. The log doesn't rotate." },
        { name: 'cache.md', text: '# Cache\n\nThe cache is shared between workers.' },
      ],
      "Why isn't the cache shared, and doesn't it rotate?",
    );
    // `isn` and `doesn` are in one chunk of two, the rarest terms of the question: they
    // would outweigh its topic. Only the topic's words are searched.
    expect(terms.map((term) => term.term).sort()).toEqual(['cach', 'rotat', 'share']);
    expect(unknown).toEqual([]);
  });
});

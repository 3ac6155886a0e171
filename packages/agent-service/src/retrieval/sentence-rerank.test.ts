import { describe, expect, it } from 'vitest';
import { codeShapesOf, termsOf } from '../lexical-index/index.js';
import { rerankBySentence } from './sentence-rerank.js';

/** Query term weights as the first stage gives them: stem → idf-like weight. */
function weights(entries: Record<string, number>): Map<string, number> {
  return new Map(
    Object.entries(entries).map(([word, weight]) => [[...termsOf(word)][0] ?? word, weight]),
  );
}

describe('rerankBySentence', () => {
  it('puts first the passage whose one sentence holds the question’s rare words together', () => {
    const termWeights = weights({ lighthouse: 3, keeper: 3, storm: 1 });
    const spread = {
      id: 'spread',
      title: 'Coast',
      content:
        'The lighthouse stands on the cliff above the bay. A keeper once lived in the town. The storm came at night.',
      score: 0.5,
    };
    const together = {
      id: 'together',
      title: 'Coast',
      content:
        'The old town sits above the bay by the cliff. The lighthouse keeper rang the bell in the storm. Boats came home.',
      score: 0.5,
    };
    const ranked = rerankBySentence([spread, together], {
      question: 'What did the lighthouse keeper do in the storm?',
      termWeights,
    });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['together', 'spread']);
    expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? 1);
  });

  it('counts a term again in a sentence that repeats it, saturating (BM25, not a share)', () => {
    const termWeights = weights({ harbour: 2, pier: 2 });
    const once = { id: 'once', title: 'Port', content: 'The harbour has a pier.', score: 0.4 };
    const twice = {
      id: 'twice',
      title: 'Port',
      content: 'The harbour pier faces the pier.',
      score: 0.4,
    };
    const ranked = rerankBySentence([once, twice], { question: 'harbour pier', termWeights });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['twice', 'once']);
  });

  it('prefers, all else equal, the passage that holds the question’s words as written', () => {
    const termWeights = weights({ founded: 2, company: 1 });
    const inflected = {
      id: 'inflected',
      title: 'History',
      content: 'She was founding the company in that year.',
      score: 0.6,
    };
    const written = {
      id: 'written',
      title: 'History',
      content: 'She had founded the company in that year.',
      score: 0.6,
    };
    const ranked = rerankBySentence([inflected, written], {
      question: 'Who founded the company?',
      termWeights,
    });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['written', 'inflected']);
  });

  it('prefers, all else equal, the passage that holds the question’s words side by side', () => {
    const termWeights = weights({ main: 1, performer: 2 });
    const apart = {
      id: 'apart',
      title: 'Show',
      content: 'Coldplay was the performer, main that night.',
      score: 0.5,
    };
    const together = {
      id: 'together',
      title: 'Show',
      content: 'Coldplay was the main performer that night.',
      score: 0.5,
    };
    const ranked = rerankBySentence([apart, together], {
      question: 'Who was the main performer?',
      termWeights,
    });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['together', 'apart']);
  });

  it('prefers, all else equal, the passage whose best sentence holds what is asked for', () => {
    const termWeights = weights({ harbour: 1, piers: 2 });
    const vague = {
      id: 'vague',
      title: 'Port',
      content: 'The harbour has wooden piers.',
      score: 0.5,
    };
    const counted = {
      id: 'counted',
      title: 'Port',
      content: 'The harbour has twelve piers.',
      score: 0.5,
    };
    const ranked = rerankBySentence([vague, counted], {
      question: 'How many piers has the harbour?',
      termWeights,
    });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['counted', 'vague']);
  });

  it('prefers the passage with a sentence that answers in the form asked, not only the best one', () => {
    const termWeights = weights({ turnovers: 3, newton: 3 });
    const best = 'Newton had many turnovers in 2015.';
    const repeats = {
      id: 'repeats',
      title: 'Season',
      content: `${best} The crowd cheered his turnovers.`,
      score: 0.5,
    };
    const answers = {
      id: 'answers',
      title: 'Season',
      content: `${best} Denver forced three turnovers.`,
      score: 0.5,
    };
    const ranked = rerankBySentence([repeats, answers], {
      question: 'How many turnovers did Newton have?',
      termWeights,
    });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['answers', 'repeats']);
    expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? 1);
  });

  it('keeps the first-stage order when the sentences tell the passages apart no better', () => {
    const termWeights = weights({ river: 2 });
    const first = { id: 'first', title: 'Rivers', content: 'The river floods.', score: 0.9 };
    const second = { id: 'second', title: 'Rivers', content: 'The river dries.', score: 0.3 };
    const ranked = rerankBySentence([second, first], { question: 'river', termWeights });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['first', 'second']);
    for (const candidate of ranked) {
      expect(candidate.score).toBeGreaterThan(0);
      expect(candidate.score).toBeLessThanOrEqual(1);
    }
  });

  it('returns the candidates as they are when no query term has weight', () => {
    const candidates = [{ title: 'A', content: 'Text.', score: 0.2 }];
    expect(rerankBySentence(candidates, { question: 'the', termWeights: new Map() })).toEqual(
      candidates,
    );
  });

  it('reads a passage’s code as a sentence of its construct when the question quotes code', () => {
    const question = 'Which option lets `onDone && onDone()` through?';
    // The first stage searches the question's words and its code's shapes.
    const termWeights = weights({ option: 1, lets: 1 });
    for (const shape of codeShapesOf(question)) termWeights.set(shape, 2);
    const words = {
      id: 'words',
      title: 'Options',
      content: 'This option lets you pick one of the following settings for the rule.',
      score: 0.5,
    };
    const code = {
      id: 'code',
      title: 'Options',
      content: 'With the option on:\n\n```js\na && a();\nb || b();\n```',
      score: 0.5,
    };
    const ranked = rerankBySentence([words, code], { question, termWeights });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['code', 'words']);
    // Without code in the question, the code is no sentence: the words win.
    const plain = rerankBySentence([words, code], {
      question: 'Which option lets it through?',
      termWeights: weights({ option: 1, lets: 1 }),
    });
    expect(plain.map((candidate) => candidate.id)).toEqual(['words', 'code']);
  });
});

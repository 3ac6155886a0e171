import { termsOf } from './text-terms.js';

/** A ranked passage the re-rank can read. */
export interface RerankCandidate {
  content: string;
  title: string;
  /** The first-stage (BM25) score, 0..1. */
  score: number;
}

/** Sentences of a text (ends at `.`, `!`, `?` or a line break). */
function sentencesOf(text: string): string[] {
  return text.match(/[^.!?\n]+(?:[.!?]+|\n|$)/g) ?? [text];
}

/**
 * Re-ranks the first-stage candidates by proximity: the answer to a question usually sits
 * in one sentence that holds most of its distinctive words, while a passage that merely
 * mentions them all over scores as well on BM25. Each candidate's best sentence (or pair
 * of neighbouring sentences) is scored by the idf-weighted share of the query terms it
 * holds (with the words of the chunk's title), and blended with the BM25 score: `score + weight × sentenceShare`, rescaled to 0..1.
 * `termWeights` maps stemmed query terms (as `termsOf` stems them) to their weights.
 */
export function rerankBySentence<Candidate extends RerankCandidate>(
  candidates: readonly Candidate[],
  termWeights: ReadonlyMap<string, number>,
  weight: number,
): Candidate[] {
  let total = 0;
  for (const value of termWeights.values()) total += value;
  if (total === 0 || weight === 0) return [...candidates];
  const share = (terms: ReadonlySet<string>) => {
    let sum = 0;
    for (const [term, value] of termWeights) if (terms.has(term)) sum += value;
    return sum / total;
  };
  return candidates
    .map((candidate) => {
      // The heading a chunk sits under applies to each of its sentences.
      const title = termsOf(candidate.title);
      const sentences = sentencesOf(candidate.content).map(
        (sentence) => new Set([...termsOf(sentence), ...title]),
      );
      let best = 0;
      sentences.forEach((terms, index) => {
        best = Math.max(best, share(terms));
        const next = sentences[index + 1];
        if (next) best = Math.max(best, 0.9 * share(new Set([...terms, ...next])));
      });
      const score = (candidate.score + weight * best) / (1 + weight);
      return { ...candidate, score: Math.round(score * 1e6) / 1e6 };
    })
    .sort((left, right) => right.score - left.score);
}

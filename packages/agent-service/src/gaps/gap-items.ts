/**
 * Gap questions as vectors: questions with the same terms as one item, each item the unit
 * vector of its terms' rarity (idf) among the questions, and the postings (items by term)
 * that the nearest-neighbour search walks.
 */
import { gapTermsOf } from './gap-terms.js';

/** Questions with the same terms, grouped before anything else. */
export interface GapItem {
  questions: number[];
  /** Term ids, ascending. */
  terms: number[];
  weights: Float64Array;
  words: Map<string, string>;
}

/** The questions' items, their terms and the postings of each term. */
interface GapItems {
  items: GapItem[];
  /** Term names by term id. */
  termNames: string[];
  /** Questions holding each term, by term id. */
  frequency: Float64Array;
  /** Items holding each term, in item order, by term id. */
  postings: number[][];
  /** Each posting's weight of the term in its item. */
  postingWeights: number[][];
}

/**
 * Reads each question's terms as retrieval reads a question (`gapTermsOf`: stems, stop
 * words out, synonyms as one term), makes questions with the same terms one item, and
 * weighs each term by its rarity, idf = ln(1 + N / df), each item the unit vector of its
 * terms' weights: two questions are then as similar as the rare terms they share (cosine).
 */
export function gapItemsOf(questions: readonly string[]): GapItems {
  const termIds = new Map<string, number>();
  const termNames: string[] = [];
  const items: GapItem[] = [];
  const itemOf = new Map<string, number>();
  questions.forEach((question, index) => {
    const { terms, words } = gapTermsOf(question);
    const ids = terms
      .map((term) => {
        let id = termIds.get(term);
        if (id === undefined) {
          id = termNames.length;
          termIds.set(term, id);
          termNames.push(term);
        }
        return id;
      })
      .sort((x, y) => x - y);
    const key = ids.join(' ');
    const known = key === '' ? undefined : itemOf.get(key);
    if (known !== undefined) {
      (items[known] as GapItem).questions.push(index);
      return;
    }
    if (key !== '') itemOf.set(key, items.length);
    items.push({ questions: [index], terms: ids, weights: new Float64Array(ids.length), words });
  });

  const frequency = new Float64Array(termNames.length);
  for (const item of items)
    for (const term of item.terms) {
      frequency[term] = (frequency[term] as number) + item.questions.length;
    }
  const idf = frequency.map((count) => Math.log(1 + questions.length / count));
  const postings: number[][] = termNames.map(() => []);
  const postingWeights: number[][] = termNames.map(() => []);
  items.forEach((item, index) => {
    let norm = 0;
    item.terms.forEach((term, at) => {
      item.weights[at] = idf[term] as number;
      norm += (idf[term] as number) ** 2;
    });
    if (norm > 0) {
      const length = Math.sqrt(norm);
      for (let at = 0; at < item.weights.length; at++) {
        item.weights[at] = (item.weights[at] as number) / length;
      }
    }
    item.terms.forEach((term, at) => {
      (postings[term] as number[]).push(index);
      (postingWeights[term] as number[]).push(item.weights[at] as number);
    });
  });

  return { items, termNames, frequency, postings, postingWeights };
}

/**
 * The nearest neighbours of each gap item: its most similar others by cosine, found in one
 * pass over the postings, the sparse graph that `groupGaps`' clustering links.
 */
import type { GapItem } from './gap-items.js';

/** Pairs of questions less similar than this are not linked at all (they count as 0). */
const MIN_SIMILARITY = 0.04;
/**
 * Each question is linked to its this many most similar others (and they to it): average
 * linkage over that sparse graph instead of all pairs keeps 10,000 questions within a
 * second and a few MB; a topic's questions are each other's nearest anyway.
 */
const NEIGHBOURS = 20;
/**
 * Each item's {@link NEIGHBOURS} most similar others (cosine at least
 * {@link MIN_SIMILARITY}; ties to the lower number), from one pass over the postings that
 * visits each pair once: item `i` accumulates its products with the items after it.
 */
export function nearestNeighbours(
  items: readonly GapItem[],
  postings: readonly number[][],
  postingWeights: readonly number[][],
  compared: (term: number) => boolean,
): (item: number) => [number, number][] {
  const count = items.length;
  const ids = new Int32Array(count * NEIGHBOURS);
  const similarities = new Float64Array(count * NEIGHBOURS);
  const sizes = new Uint8Array(count);
  /** Whether `other` at `similarity` ranks before the neighbour at `index`. */
  const before = (index: number, other: number, similarity: number) =>
    similarity > (similarities[index] as number) ||
    (similarity === similarities[index] && other < (ids[index] as number));
  const offer = (item: number, other: number, similarity: number) => {
    const base = item * NEIGHBOURS;
    const size = sizes[item] as number;
    if (size === NEIGHBOURS && !before(base + NEIGHBOURS - 1, other, similarity)) return;
    let at = size === NEIGHBOURS ? NEIGHBOURS - 1 : size;
    while (at > 0 && before(base + at - 1, other, similarity)) {
      ids[base + at] = ids[base + at - 1] as number;
      similarities[base + at] = similarities[base + at - 1] as number;
      at--;
    }
    ids[base + at] = other;
    similarities[base + at] = similarity;
    if (size < NEIGHBOURS) sizes[item] = size + 1;
  };
  const scores = new Float64Array(count);
  const touched: number[] = [];
  for (let i = 0; i < count; i++) {
    const item = items[i] as GapItem;
    for (let at = 0; at < item.terms.length; at++) {
      const term = item.terms[at] as number;
      if (!compared(term)) continue;
      const posting = postings[term] as number[];
      const weights = postingWeights[term] as number[];
      const own = item.weights[at] as number;
      // Postings are in item order: the items after `i` are at the end.
      for (let k = posting.length - 1; k >= 0; k--) {
        const j = posting[k] as number;
        if (j <= i) break;
        if (scores[j] === 0) touched.push(j);
        scores[j] = (scores[j] as number) + own * (weights[k] as number);
      }
    }
    for (const j of touched) {
      const similarity = scores[j] as number;
      scores[j] = 0;
      if (similarity < MIN_SIMILARITY) continue;
      offer(i, j, similarity);
      offer(j, i, similarity);
    }
    touched.length = 0;
  }
  return (item) => {
    const found: [number, number][] = [];
    const base = item * NEIGHBOURS;
    for (let at = 0; at < (sizes[item] as number); at++) {
      found.push([ids[base + at] as number, similarities[base + at] as number]);
    }
    return found;
  };
}

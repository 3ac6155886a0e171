/** BM25's saturation (`k1`) and length normalisation (`b`). */
export interface Bm25Parameters {
  k1: number;
  b: number;
}

/**
 * BM25 of one piece of text (a sentence, a line) against the question's term weights
 * (stem → idf × weight): each term's weight saturated by its count in the piece (`counts`,
 * term → count), with the piece's length in words against `mean`.
 */
export function bm25Score(
  counts: Iterable<readonly [string, number]>,
  termWeights: ReadonlyMap<string, number>,
  length: number,
  mean: number,
  { k1, b }: Bm25Parameters,
): number {
  const norm = k1 * (1 - b + (b * length) / mean);
  let score = 0;
  for (const [term, count] of counts) {
    score += ((termWeights.get(term) ?? 0) * count * (k1 + 1)) / (count + norm);
  }
  return score;
}

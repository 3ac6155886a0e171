/** Reciprocal rank fusion's constant: how much the first places outweigh the next. */
const RRF_K = 60;

/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, 2009): every id scores
 * `Σ 1 / (k + rank)` over the rankings it appears in (rank from 1), so an id ranked well
 * by both the lexical and the vector search beats one that tops only one, without
 * comparing their incomparable scores. Scores are rescaled to 0..1 (1: first in every
 * ranking); ties keep the order of first appearance (earlier rankings first).
 *
 * @example
 * fuseByReciprocalRank([['a', 'b', 'c'], ['c', 'a']]); // a (1/61 + 1/62), c, b
 */
export function fuseByReciprocalRank(
  rankings: readonly (readonly string[])[],
  k = RRF_K,
): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1));
    });
  }
  const best = rankings.length / (k + 1);
  return [...scores]
    .map(([id, score]) => ({ id, score: Math.round((score / best) * 1e6) / 1e6 }))
    .sort((left, right) => right.score - left.score);
}

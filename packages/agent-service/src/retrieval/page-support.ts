/** A ranked passage and the page (datasource) it belongs to. */
export interface PagedCandidate {
  datasource_id: string;
  /** The chunk's title (`Page › Heading`): the pieces of one long section share it. */
  title: string;
  /** Relevance, higher is better. */
  score: number;
}

/**
 * Raises every passage of a page by `weight` times the scores of that page's next best
 * sections after its best (at most `depth` of them; a section's best piece, by title)
 * among the candidates, over
 * `1 + weight × depth` so that scores stay in 0..1: where many pages look alike (one per
 * rule, option or endpoint), the page that answers is usually matched by several of its
 * sections, a page that merely mentions the words by one. The same raise for all of a
 * page's passages keeps their order. Returns the candidates re-sorted, best first.
 */
export function withPageSupport<Candidate extends PagedCandidate>(
  candidates: readonly Candidate[],
  weight: number,
  depth = 2,
): Candidate[] {
  if (weight <= 0) return [...candidates];
  // Each section's best piece: a long section split in two is one section, not two.
  const byPage = new Map<string, Map<string, number>>();
  for (const candidate of candidates) {
    const sections = byPage.get(candidate.datasource_id) ?? new Map<string, number>();
    byPage.set(candidate.datasource_id, sections);
    const known = sections.get(candidate.title) ?? 0;
    if (candidate.score > known) sections.set(candidate.title, candidate.score);
  }
  const support = new Map<string, number>();
  for (const [page, sections] of byPage) {
    const scores = [...sections.values()].sort((left, right) => right - left);
    support.set(
      page,
      scores.slice(1, depth + 1).reduce((sum, score) => sum + score, 0),
    );
  }
  return candidates
    .map((candidate) => {
      const raise = weight * (support.get(candidate.datasource_id) ?? 0);
      const score = (candidate.score + raise) / (1 + weight * depth);
      return { ...candidate, score: Math.round(score * 1e6) / 1e6 };
    })
    .sort((left, right) => right.score - left.score);
}

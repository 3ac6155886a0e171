/** A ranked passage and the page (datasource) it belongs to. */
export interface PagedCandidate {
  datasource_id: string;
  /** The chunk's title (`Page › Heading`): the pieces of one long section share it. */
  title: string;
  /** Relevance, higher is better. */
  score: number;
  /**
   * How many sections (distinct titles) the page has in all, when known: a page with fewer
   * than `depth + 1` has nothing more to match, and each section it lacks counts as its best.
   */
  page_sections?: number;
}

/**
 * Raises every passage of a page by `weight` times the scores of that page's next best
 * sections after its best (at most `depth` of them; a section's best piece, by title)
 * among the candidates, over
 * `1 + weight × depth` so that scores stay in 0..1: where many pages look alike (one per
 * rule, option or endpoint), the page that answers is usually matched by several of its
 * sections, a page that merely mentions the words by one. A page with fewer sections than
 * that in all (one config option, one function: `page_sections`) counts each one it lacks
 * at its best section's score: it has said all it has. The same raise for all of a
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
  const sizes = new Map<string, number>();
  for (const candidate of candidates) {
    if (candidate.page_sections !== undefined)
      sizes.set(candidate.datasource_id, candidate.page_sections);
    const sections = byPage.get(candidate.datasource_id) ?? new Map<string, number>();
    byPage.set(candidate.datasource_id, sections);
    const known = sections.get(candidate.title) ?? 0;
    if (candidate.score > known) sections.set(candidate.title, candidate.score);
  }
  const support = new Map<string, number>();
  for (const [page, sections] of byPage) {
    const scores = [...sections.values()].sort((left, right) => right - left);
    // A short page (one option, one function) matched wherever it can be is as supported as
    // a long page matched by its next best sections: the sections it lacks count as its best.
    const size = sizes.get(page) ?? depth + 1;
    for (let missing = size; missing <= depth; missing++) scores.push(scores[0] ?? 0);
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

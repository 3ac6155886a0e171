/** A ranked passage and the page (datasource) it belongs to. */
export interface PagedCandidate {
  datasource_id: string;
  /** The chunk's title (`Page › Heading`): the pieces of one long section share it. */
  title: string;
  /** Relevance, higher is better. */
  score: number;
  /**
   * How many sections (distinct titles) the page has in all, when known: a page with fewer
   * than `sections.length + 1` has nothing more to match, and each section it lacks counts
   * as its best.
   */
  page_sections?: number;
}

/** How much each kind of support raises a page's passages (see {@link withPageSupport}). */
export interface PageSupportWeights {
  /** The page's next best sections after its best, in order: the second's weight, the third's… */
  sections: readonly number[];
  /**
   * Each section a short page lacks (fewer sections in all than `sections.length + 1`),
   * counted at its best section's score.
   */
  lacking: number;
}

/**
 * The weights the ranking uses, learned by `scripts/eval/page-support-weights.ts`: a pairwise
 * logistic ranker over the five development sets' candidate pools, the passage's own score
 * weighing 1, judged leave-one-site-out (docs/benchmarks.md, issue 50). Before, 0.3 for each
 * of the next two sections and for each lacking one: the second section weighs about twice
 * the third, and a short page's lacking sections less than either (a one-section page is
 * not as sure an answer as a long page matched by two more sections). Two next sections,
 * since titles weigh more (docs/benchmarks.md: section@3 and phrase +3 each on the
 * look-alike site, source@3 −1 on each site).
 */
export const PAGE_SUPPORT_WEIGHTS: PageSupportWeights = {
  sections: [0.353, 0.182],
  lacking: 0.136,
};

/** What supports one page among the candidates; each is a score (see {@link PageSupportWeights}). */
export interface PageSupport {
  /** The page's next best sections' scores after its best (0 where it has none), in order. */
  sections: number[];
  /** The sections it lacks, each at its best section's score, summed. */
  lacking: number;
}

/**
 * What supports each page among the candidates, by datasource id: its next `depth` best
 * sections after its best (a section scored by its best piece: a long section split in
 * two is one section, not two) and, for a page of fewer than `depth + 1` sections in all,
 * the sections it lacks at its best section's score. The features {@link withPageSupport}
 * weighs, and that `scripts/eval/page-support-weights.ts` learns the weights of.
 */
export function pageSupportOf(
  candidates: readonly PagedCandidate[],
  depth: number,
): Map<string, PageSupport> {
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
  const support = new Map<string, PageSupport>();
  for (const [page, sections] of byPage) {
    const best = [...sections.values()].sort((left, right) => right - left);
    // A short page (one option, one function) matched wherever it can be has said all it has.
    const size = sizes.get(page) ?? depth + 1;
    const next: number[] = [];
    for (let index = 1; index <= depth; index++) next.push(best[index] ?? 0);
    support.set(page, { sections: next, lacking: Math.max(0, depth + 1 - size) * (best[0] ?? 0) });
  }
  return support;
}

/**
 * Raises every passage of a page by what supports the page among the candidates
 * ({@link pageSupportOf}), each kind at its weight, over `1 +` the sections' weights so
 * that scores stay in 0..1 (while a lacking section weighs no more than the sections a
 * page has): where many pages look alike (one per rule, option or endpoint), the page that
 * answers is usually matched by several of its sections, a page that merely mentions the
 * words by one; a page with fewer sections than `weights.sections.length + 1` in all (one
 * config option, one function: `page_sections`) counts each one it lacks at its best
 * section's score, as it has said all it has. The same raise for all of a page's passages
 * keeps their order. Returns the candidates re-sorted, best first.
 */
export function withPageSupport<Candidate extends PagedCandidate>(
  candidates: readonly Candidate[],
  weights: PageSupportWeights,
): Candidate[] {
  const sectionsWeight = weights.sections.reduce((sum, weight) => sum + weight, 0);
  if (sectionsWeight <= 0 && weights.lacking <= 0) return [...candidates];
  const raises = new Map<string, number>();
  for (const [page, support] of pageSupportOf(candidates, weights.sections.length)) {
    let raise = weights.lacking * support.lacking;
    support.sections.forEach((score, index) => {
      raise += (weights.sections[index] ?? 0) * score;
    });
    raises.set(page, raise);
  }
  return candidates
    .map((candidate) => {
      const raise = raises.get(candidate.datasource_id) ?? 0;
      const score = (candidate.score + raise) / (1 + sectionsWeight);
      return { ...candidate, score: Math.round(score * 1e6) / 1e6 };
    })
    .sort((left, right) => right.score - left.score);
}

/**
 * The page-support weights (`PAGE_SUPPORT_WEIGHTS` in
 * `packages/agent-service/src/retrieval/page-support.ts`), learned: a pairwise logistic
 * ranker over the candidate pools of the development sets, as `page-support-pools.ts`
 * writes them. A candidate's score is linear in its own score (fixed at weight 1), its
 * page's next best sections and the sections a short page lacks (`pageSupportOf`), so the
 * learned weights are the `page-support` stage's own and it stays as fast as it was. Judged leave-one-set-out: for each set, the weights learned on
 * the others, and the share of its questions whose page is first / among the first three
 * candidates and whose section is among the first three, against the weights given.
 *
 *     node --conditions=agent-chat-source --import tsx scripts/eval/page-support-weights.ts \
 *       pools/site-dev.json pools/flask.json …
 *
 * prints each set's figures and the weights learned on all of them (docs/benchmarks.md,
 * issue 50).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One candidate of a question's pool: its features and whether it is right. */
export interface PoolCandidate {
  /**
   * `[score, second section, third section, lacking]` (`pageSupportOf`, depth 2), the score
   * after `bare-list`, each over the pool's best score.
   */
  features: number[];
  /** Its page is the question's. */
  page: boolean;
  /** Its section is the question's. */
  section: boolean;
  /** Release notes: keeps half its score after page support (`release-notes`). */
  releaseNotes: boolean;
}

/** One set's pools, one per answerable question. */
export interface PoolSet {
  name: string;
  questions: { id: string; candidates: PoolCandidate[] }[];
}

/** Weights of the features, the score's first (normalised to 1 by {@link fitWeights}). */
export type Weights = number[];

/** Options of {@link fitWeights}. */
export interface FitOptions {
  /** L2 penalty on the weights. Default 0.01. */
  l2?: number;
  /** Gradient steps. Default 400. */
  steps?: number;
}

/**
 * Fits a pairwise logistic ranker: every right-page candidate of a question against every
 * wrong one, each question weighing 1 in all (a pair whose candidate is also the right
 * section twice). Returns the weights over the score's weight.
 */
export function fitWeights(questions: PoolSet['questions'], options: FitOptions = {}): Weights {
  const l2 = options.l2 ?? 0.01;
  const pairs: { difference: number[]; weight: number }[] = [];
  for (const question of questions) {
    const right = question.candidates.filter((candidate) => candidate.page);
    const wrong = question.candidates.filter((candidate) => !candidate.page);
    const share = 1 / (right.length * wrong.length);
    for (const good of right) {
      for (const bad of wrong) {
        pairs.push({
          difference: good.features.map((value, index) => value - (bad.features[index] ?? 0)),
          weight: share * (good.section ? 2 : 1),
        });
      }
    }
  }
  const size = questions[0]?.candidates[0]?.features.length ?? 1;
  const weights: number[] = Array.from({ length: size }, (_, index) => (index === 0 ? 1 : 0));
  const total = pairs.reduce((sum, pair) => sum + pair.weight, 0) || 1;
  for (let step = 0; step < (options.steps ?? 400); step++) {
    const gradient = weights.map((weight) => l2 * weight);
    for (const { difference, weight } of pairs) {
      const margin = difference.reduce(
        (sum, value, index) => sum + value * (weights[index] ?? 0),
        0,
      );
      const loss = weight / (1 + Math.exp(margin));
      for (let index = 0; index < size; index++) {
        gradient[index] = (gradient[index] ?? 0) - loss * (difference[index] ?? 0);
      }
    }
    for (let index = 0; index < size; index++) {
      weights[index] = (weights[index] ?? 0) - (15 * (gradient[index] ?? 0)) / total;
    }
  }
  const scale = weights[0] || 1;
  return weights.map((weight) => weight / scale);
}

/** A set's figures: questions whose page is first, among the first three, whose section is. */
export interface SetFigures {
  page1: number;
  page3: number;
  section3: number;
  questions: number;
}

/** Ranks each question's pool by `weights` (release notes at half) and counts {@link SetFigures}. */
export function figuresOf(set: PoolSet, weights: Weights): SetFigures {
  const figures = { page1: 0, page3: 0, section3: 0, questions: set.questions.length };
  for (const { candidates } of set.questions) {
    const scored = candidates
      .map((candidate) => ({
        candidate,
        score:
          candidate.features.reduce((sum, value, index) => sum + value * (weights[index] ?? 0), 0) *
          (candidate.releaseNotes ? 0.5 : 1),
      }))
      .sort((left, right) => right.score - left.score)
      .map(({ candidate }) => candidate);
    if (scored[0]?.page) figures.page1++;
    if (scored.slice(0, 3).some((candidate) => candidate.page)) figures.page3++;
    if (scored.slice(0, 3).some((candidate) => candidate.section)) figures.section3++;
  }
  return figures;
}

/** For each set, the weights fitted on the others and its figures with them and with `given`. */
export function leaveOneSetOut(
  sets: readonly PoolSet[],
  given: Weights,
  options: FitOptions = {},
): { name: string; weights: Weights; learned: SetFigures; given: SetFigures }[] {
  return sets.map((held) => {
    const weights = fitWeights(
      sets.filter((set) => set !== held).flatMap((set) => set.questions),
      options,
    );
    return {
      name: held.name,
      weights,
      learned: figuresOf(held, weights),
      given: figuresOf(held, given),
    };
  });
}

const shown = (figures: SetFigures) =>
  `${figures.page1} / ${figures.page3} / ${figures.section3} of ${figures.questions}`;

async function main(files: string[]): Promise<void> {
  const sets: PoolSet[] = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(file, 'utf8')) as PoolSet),
  );
  // The weights before learning: 0.3 for each next or lacking section.
  const before = [1, 0.3, 0.3, 0.3];
  console.log('set: page@1 / page@3 / section@3, weights before → learned on the other sets');
  for (const row of leaveOneSetOut(sets, before)) {
    console.log(
      `${row.name}: ${shown(row.given)} → ${shown(row.learned)}  (${row.weights.map((weight) => weight.toFixed(3)).join(', ')})`,
    );
  }
  const all = fitWeights(sets.flatMap((set) => set.questions));
  console.log(`learned on every set: ${all.map((weight) => weight.toFixed(3)).join(', ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}

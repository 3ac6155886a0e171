/**
 * Grouping content gaps into topics: agglomerative clustering with average linkage over
 * the questions' nearest neighbours, its threshold, and the topics it returns.
 */
import { describeGapGroup } from './describe-gap-group.js';
import { gapItemsOf } from './gap-items.js';
import { createMergeQueue } from './merge-queue.js';
import { nearestNeighbours } from './nearest-neighbours.js';

/**
 * Average similarity (cosine of idf-weighted terms, see {@link groupGaps}) two groups of
 * questions need to become one topic. Chosen on half of the labelled set `eval/gaps/`
 * (its odd topics: the best adjusted Rand index with purity ≥ 0.9) and checked on the
 * other half: see docs/benchmarks.md. Owners would rather answer a split topic twice than
 * have one answer stand for questions it does not answer.
 */
export const GAP_TOPIC_THRESHOLD = 0.1;
/**
 * A term held by more than this share of the questions says nothing of a topic (its idf is
 * under ln 3) and is left out of the comparisons, which would otherwise be quadratic...
 */
const COMMON_SHARE = 0.5;
/**
 * ...unless few questions hold it: among a handful of gaps, three asking about the same
 * thing are more than half, and comparing {@link FEW_HOLDERS} questions is cheap.
 */
const FEW_HOLDERS = 100;
/** A topic: some of the questions given to {@link groupGaps}. */
export interface GapGroup {
  /** Indexes of its questions in the list given, ascending. */
  members: number[];
  /** Index of its most typical question: the closest to the topic's centroid. */
  typical: number;
  /** Its most telling words (highest weight in the centroid), as the questions wrote them. */
  label: string[];
  /**
   * Its strongest terms (unit length; centroid weight times the share of its questions
   * holding the term): how the same topic is recognised in another grouping
   * (`assignTopicIds`), when its questions are others.
   */
  signature: Map<string, number>;
}

/** Options of {@link groupGaps}. */
export interface GroupGapsOptions {
  /** Default {@link GAP_TOPIC_THRESHOLD}. */
  threshold?: number;
}

/**
 * Groups content gaps into topics, deterministically and explainably, without a model:
 *
 * 1. each question's terms are read as retrieval reads a question (`gapTermsOf`: stems,
 *    stop words out, synonyms as one term); questions with the same terms are one item;
 * 2. each term weighs its rarity among the questions, idf = ln(1 + N / df), and each
 *    item is the unit vector of its terms' weights, so two questions are as similar as the
 *    rare terms they share (cosine);
 * 3. agglomerative clustering with average linkage: the two groups whose questions are
 *    on average the most similar merge, until no two are at least `threshold` similar.
 *    Each question is linked to its `NEIGHBOURS` most similar others only, which
 *    keeps 10,000 questions within a second.
 *
 * Returns the topics largest first (then by first question).
 *
 * @example
 * groupGaps(['How do I delete my account?', 'remove my account', 'Do you support SSO?'])
 * // [{ members: [0, 1], typical: 0, label: ['account', 'delete'], … }, { members: [2], … }]
 */
export function groupGaps(
  questions: readonly string[],
  options: GroupGapsOptions = {},
): GapGroup[] {
  const threshold = options.threshold ?? GAP_TOPIC_THRESHOLD;
  const { items, termNames, frequency, postings, postingWeights } = gapItemsOf(questions);
  const count = items.length;
  const nearest = nearestNeighbours(items, postings, postingWeights, (term) => {
    const holders = frequency[term] as number;
    return holders <= FEW_HOLDERS || holders <= COMMON_SHARE * questions.length;
  });

  // Clusters start as items; `weight` counts questions, `sums` the similarity sums to neighbours.
  const weight = items.map((item) => item.questions.length);
  const alive = new Uint8Array(count).fill(1);
  const members: number[][] = items.map((_, index) => [index]);
  const sums: Map<number, number>[] = items.map(() => new Map());
  const queue = createMergeQueue();
  const similarityOf = (a: number, b: number) =>
    ((sums[a] as Map<number, number>).get(b) ?? 0) /
    ((weight[a] as number) * (weight[b] as number));
  const push = (x: number, y: number) => {
    const [a, b] = x < y ? [x, y] : [y, x];
    const similarity = similarityOf(a, b);
    if (similarity >= threshold) queue.push({ similarity, a, b });
  };
  for (let i = 0; i < count; i++) {
    for (const [j, similarity] of nearest(i)) {
      if ((sums[i] as Map<number, number>).has(j)) continue;
      const sum = similarity * (weight[i] as number) * (weight[j] as number);
      (sums[i] as Map<number, number>).set(j, sum);
      (sums[j] as Map<number, number>).set(i, sum);
      push(i, j);
    }
  }

  // A queued merge may be stale: a group that grew is less similar to the groups its new
  // questions are not linked to (re-queued at its value when it comes up), and more to those
  // they are (queued afresh then). So the first entry that is still exact is the best merge.
  for (let merge = queue.pop(); merge !== undefined; merge = queue.pop()) {
    const { a, b } = merge;
    if (!alive[a] || !alive[b]) continue;
    const current = similarityOf(a, b);
    if (Math.abs(current - merge.similarity) > 1e-12) {
      if (current >= threshold) queue.push({ similarity: current, a, b });
      continue;
    }
    // The one with more neighbours absorbs the other: fewer map entries move.
    const [keep, gone] =
      (sums[a] as Map<number, number>).size >= (sums[b] as Map<number, number>).size
        ? [a, b]
        : [b, a];
    const kept = sums[keep] as Map<number, number>;
    kept.delete(gone);
    const changed: number[] = [];
    for (const [other, sum] of sums[gone] as Map<number, number>) {
      if (other === keep) continue;
      const total = (kept.get(other) ?? 0) + sum;
      kept.set(other, total);
      const theirs = sums[other] as Map<number, number>;
      theirs.delete(gone);
      theirs.set(keep, total);
      changed.push(other);
    }
    sums[gone] = new Map();
    alive[gone] = 0;
    weight[keep] = (weight[keep] as number) + (weight[gone] as number);
    for (const item of members[gone] as number[]) (members[keep] as number[]).push(item);
    members[gone] = [];
    for (const other of changed) push(keep, other);
  }

  const groups: GapGroup[] = [];
  for (let cluster = 0; cluster < count; cluster++) {
    if (alive[cluster])
      groups.push(describeGapGroup(members[cluster] as number[], items, termNames));
  }
  return groups.sort(
    (x, y) => y.members.length - x.members.length || (x.members[0] ?? 0) - (y.members[0] ?? 0),
  );
}

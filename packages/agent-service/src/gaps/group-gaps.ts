import { gapTermsOf } from './gap-terms.js';
import { createMergeQueue } from './merge-queue.js';

/**
 * Average similarity (cosine of idf-weighted terms, see {@link groupGaps}) two groups of
 * questions need to become one topic. Chosen on half of the labelled set `eval/gaps/`
 * (its odd topics: the best adjusted Rand index with purity ≥ 0.9) and checked on the
 * other half: see docs/benchmarks.md. Owners would rather answer a split topic twice than
 * have one answer stand for questions it does not answer.
 */
export const GAP_TOPIC_THRESHOLD = 0.1;
/** Pairs of questions less similar than this are not linked at all (they count as 0). */
const MIN_SIMILARITY = 0.04;
/**
 * Each question is linked to its this many most similar others (and they to it): average
 * linkage over that sparse graph instead of all pairs keeps 10,000 questions within a
 * second and a few MB; a topic's questions are each other's nearest anyway.
 */
const NEIGHBOURS = 20;
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
/** Most words in a topic's label, and the least weight (share of the top term's) of one. */
const LABEL_TERMS = 3;
const LABEL_SHARE = 0.4;
const LABEL_HOLDERS = 0.25;
/** Terms kept in a topic's signature. */
const SIGNATURE_TERMS = 12;

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

/** Questions with the same terms, grouped before anything else. */
interface Item {
  questions: number[];
  /** Term ids, ascending. */
  terms: number[];
  weights: Float64Array;
  words: Map<string, string>;
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
 *    Each question is linked to its {@link NEIGHBOURS} most similar others only, which
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
  const termIds = new Map<string, number>();
  const termNames: string[] = [];
  const items: Item[] = [];
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
      (items[known] as Item).questions.push(index);
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
    if (alive[cluster]) groups.push(describe(members[cluster] as number[], items, termNames));
  }
  return groups.sort(
    (x, y) => y.members.length - x.members.length || (x.members[0] ?? 0) - (y.members[0] ?? 0),
  );
}

/**
 * Each item's {@link NEIGHBOURS} most similar others (cosine at least
 * {@link MIN_SIMILARITY}; ties to the lower number), from one pass over the postings that
 * visits each pair once: item `i` accumulates its products with the items after it.
 */
function nearestNeighbours(
  items: readonly Item[],
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
    const item = items[i] as Item;
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

/** A cluster of items as a topic: its questions, typical question, label and signature. */
function describe(
  clusterItems: readonly number[],
  items: readonly Item[],
  termNames: readonly string[],
): GapGroup {
  const centroid = new Map<number, number>();
  /** Questions holding each term. */
  const holders = new Map<number, number>();
  let size = 0;
  for (const index of clusterItems) {
    const item = items[index] as Item;
    size += item.questions.length;
    item.terms.forEach((term, at) => {
      centroid.set(
        term,
        (centroid.get(term) ?? 0) + item.questions.length * (item.weights[at] as number),
      );
      holders.set(term, (holders.get(term) ?? 0) + item.questions.length);
    });
  }
  let typical = clusterItems[0] as number;
  let best = -1;
  for (const index of clusterItems) {
    const item = items[index] as Item;
    let score = 0;
    item.terms.forEach((term, at) => {
      score += (item.weights[at] as number) * (centroid.get(term) ?? 0);
    });
    const current = items[typical] as Item;
    if (
      score > best + 1e-12 ||
      (Math.abs(score - best) <= 1e-12 && item.questions.length > current.questions.length)
    ) {
      best = score;
      typical = index;
    }
  }
  const ranked = [...centroid].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  // A label word is shared: by two questions of a topic of two or more, and by a quarter of them.
  const shared = Math.max(Math.min(size, 2), size * LABEL_HOLDERS);
  const telling = ranked.filter(([term]) => (holders.get(term) ?? 0) >= shared);
  const candidates = telling.length > 0 ? telling : ranked.slice(0, 1);
  const top = candidates[0]?.[1] ?? 0;
  const label = candidates
    .slice(0, LABEL_TERMS)
    .filter(([, value]) => value >= LABEL_SHARE * top)
    .map(([term]) => {
      const name = termNames[term] as string;
      return (
        (items[typical] as Item).words.get(name) ??
        clusterItems.map((index) => (items[index] as Item).words.get(name)).find(Boolean) ??
        name
      );
    });
  // Each term's weight times the share of the questions holding it: the words the topic's
  // questions share outweigh one question's own, so the same topic in another period (other
  // questions) has a like signature.
  const strongest = ranked
    .map(([term, value]): [number, number] => [term, (value * (holders.get(term) ?? 0)) / size])
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, SIGNATURE_TERMS);
  const norm = Math.sqrt(strongest.reduce((sum, [, value]) => sum + value * value, 0)) || 1;
  const signature = new Map(
    strongest.map(([term, value]) => [termNames[term] as string, value / norm]),
  );
  const questions = clusterItems
    .flatMap((index) => (items[index] as Item).questions)
    .sort((x, y) => x - y);
  return {
    members: questions,
    typical: (items[typical] as Item).questions[0] as number,
    label,
    signature,
  };
}

/**
 * A cluster of gap items described as a topic: its questions, its most typical question,
 * its label (the most telling words, as the questions wrote them) and its signature.
 */
import type { GapItem } from './gap-items.js';
import type { GapGroup } from './group-gaps.js';

/** Most words in a topic's label, and the least weight (share of the top term's) of one. */
const LABEL_TERMS = 3;
const LABEL_SHARE = 0.4;
const LABEL_HOLDERS = 0.25;
/** Terms kept in a topic's signature. */
const SIGNATURE_TERMS = 12;

/** A cluster of items as a topic: its questions, typical question, label and signature. */
export function describeGapGroup(
  clusterItems: readonly number[],
  items: readonly GapItem[],
  termNames: readonly string[],
): GapGroup {
  const centroid = new Map<number, number>();
  /** Questions holding each term. */
  const holders = new Map<number, number>();
  let size = 0;
  for (const index of clusterItems) {
    const item = items[index] as GapItem;
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
    const item = items[index] as GapItem;
    let score = 0;
    item.terms.forEach((term, at) => {
      score += (item.weights[at] as number) * (centroid.get(term) ?? 0);
    });
    const current = items[typical] as GapItem;
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
        (items[typical] as GapItem).words.get(name) ??
        clusterItems.map((index) => (items[index] as GapItem).words.get(name)).find(Boolean) ??
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
    .flatMap((index) => (items[index] as GapItem).questions)
    .sort((x, y) => x - y);
  return {
    members: questions,
    typical: (items[typical] as GapItem).questions[0] as number,
    label,
    signature,
  };
}

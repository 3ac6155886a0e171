import { createHash } from 'node:crypto';

/** A topic as ids are given by: its signature (unit length) and the gaps it holds. */
export interface TopicTraits {
  /** `GapGroup.signature`. */
  signature: ReadonlyMap<string, number>;
  /** Message ids of its gaps (the answers), at most {@link REMEMBERED_GAPS} of them. */
  messageIds: readonly string[];
}

/** A topic an agent's gaps were grouped into before, under its id. */
export interface KnownTopic extends TopicTraits {
  id: string;
}

/** Gaps remembered per topic (the newest): enough to recognise it while they are listed. */
export const REMEMBERED_GAPS = 100;
/**
 * Cosine two signatures need for a topic holding none of a known topic's gaps (another
 * period's questions) to take its id. On the labelled set split in two disjoint halves
 * (~4 questions a topic each), the same topic's two signatures reach it for 14 of 28 topics
 * (9 with alternate questions) and another topic's for 5 (3), most of which a better pair
 * takes first; 11 of the 28 topics keep their id (topic-ids.test.ts): ids of small topics
 * across disjoint periods are a best effort; topics seen again with gaps in common keep
 * theirs.
 */
export const SAME_TOPIC_SIMILARITY = 0.5;
/** Strongest terms of a signature an id of a new topic is derived from. */
const ID_TERMS = 3;

function cosine(x: ReadonlyMap<string, number>, y: ReadonlyMap<string, number>): number {
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let sum = 0;
  for (const [term, weight] of small) sum += weight * (large.get(term) ?? 0);
  return sum;
}

/**
 * The id of a topic seen for the first time, derived from its core terms (the strongest
 * {@link ID_TERMS} of its signature, in alphabetical order) and its agent: two service
 * processes grouping the same gaps at once name it alike. `t` and 16 hex digits.
 */
export function derivedTopicId(
  agentId: string,
  signature: ReadonlyMap<string, number>,
  salt = '',
): string {
  const core = [...signature]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, ID_TERMS)
    .map(([term]) => term)
    .sort();
  const digest = createHash('sha256')
    .update(`${agentId}\n${core.join(' ')}\n${salt}`)
    .digest('hex');
  return `t${digest.slice(0, 16)}`;
}

interface Pair {
  score: number;
  topic: number;
  known: number;
}

/** Gives the pairs' known ids, best pairs first, each topic and each known id once. */
function pairOff(
  pairs: Pair[],
  ids: (string | undefined)[],
  taken: Set<number>,
  known: readonly KnownTopic[],
): void {
  pairs.sort((x, y) => y.score - x.score || x.topic - y.topic || x.known - y.known);
  for (const pair of pairs) {
    if (ids[pair.topic] !== undefined || taken.has(pair.known)) continue;
    ids[pair.topic] = (known[pair.known] as KnownTopic).id;
    taken.add(pair.known);
  }
}

/**
 * Gives each topic of a grouping an id that stays with it across calls and periods:
 *
 * 1. the id of the known topic it shares most gaps with (a topic that grew, lost its oldest
 *    gaps to the window, or split: the larger share keeps the id);
 * 2. else the id of the known topic whose signature resembles it most (cosine ≥
 *    {@link SAME_TOPIC_SIMILARITY}: the same questions asked again in another period);
 * 3. else a new id {@link derivedTopicId} from its core terms (salted when taken).
 *
 * Best pairs first, each known id given once; `topics` are in listing order (largest
 * first), which decides ties.
 *
 * @example
 * assignTopicIds('a1', [{ signature: new Map([['sso', 1]]), messageIds: ['m1', 'm3'] }], [
 *   { id: 't1', signature: new Map([['okta', 1]]), messageIds: ['m1', 'm2'] },
 * ]) // ['t1']
 */
export function assignTopicIds(
  agentId: string,
  topics: readonly TopicTraits[],
  known: readonly KnownTopic[],
): string[] {
  const ids: (string | undefined)[] = topics.map(() => undefined);
  const taken = new Set<number>();

  const holder = new Map<string, number>();
  known.forEach((topic, index) => {
    for (const messageId of topic.messageIds) holder.set(messageId, index);
  });
  const shared: Pair[] = [];
  topics.forEach((topic, index) => {
    const counts = new Map<number, number>();
    for (const messageId of topic.messageIds) {
      const other = holder.get(messageId);
      if (other !== undefined) counts.set(other, (counts.get(other) ?? 0) + 1);
    }
    for (const [other, score] of counts) shared.push({ score, topic: index, known: other });
  });
  pairOff(shared, ids, taken, known);

  const byTerm = new Map<string, number[]>();
  known.forEach((topic, index) => {
    if (taken.has(index)) return;
    for (const term of topic.signature.keys()) {
      const list = byTerm.get(term);
      if (list) list.push(index);
      else byTerm.set(term, [index]);
    }
  });
  const alike: Pair[] = [];
  topics.forEach((topic, index) => {
    if (ids[index] !== undefined) return;
    const candidates = new Set<number>();
    for (const term of topic.signature.keys()) {
      for (const candidate of byTerm.get(term) ?? []) candidates.add(candidate);
    }
    for (const candidate of candidates) {
      const score = cosine(topic.signature, (known[candidate] as KnownTopic).signature);
      if (score >= SAME_TOPIC_SIMILARITY) alike.push({ score, topic: index, known: candidate });
    }
  });
  pairOff(alike, ids, taken, known);

  const used = new Set(known.map((topic) => topic.id));
  return ids.map((id, index) => {
    if (id !== undefined) return id;
    const { signature } = topics[index] as TopicTraits;
    let salt = 0;
    let fresh = derivedTopicId(agentId, signature);
    while (used.has(fresh)) fresh = derivedTopicId(agentId, signature, String(++salt));
    used.add(fresh);
    return fresh;
  });
}

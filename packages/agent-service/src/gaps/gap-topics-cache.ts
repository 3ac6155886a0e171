/**
 * What an agent's gaps of a range were grouped into, kept until its fingerprint changes:
 * grouping 10,000 gaps takes a second, reading whether any changed a few milliseconds.
 */
export interface GapTopicsCache<Value> {
  /** The value stored under `key`, if its fingerprint is still `fingerprint` (a hit). */
  get(key: string, fingerprint: string): Value | undefined;
  /** Stores a value computed for `fingerprint`, forgetting the least recently used beyond the limit. */
  set(key: string, fingerprint: string, value: Value): void;
  /** Hits and misses so far (a stale entry is a miss). */
  stats(): { hits: number; misses: number; entries: number };
}

/** Options of {@link createGapTopicsCache}. */
export interface GapTopicsCacheOptions {
  /** Entries kept (agent and range each). Default 32. */
  maxEntries?: number;
}

/**
 * Creates the cache of gap groupings the service owns (one per service; see
 * `listGapTopics`): a small LRU map keyed by organization, agent and range, each entry
 * valid while the fingerprint of its gaps and marks is unchanged — new gaps, a vote, an
 * answer, a hide or an un-hide change it, in this process or another sharing the database.
 */
export function createGapTopicsCache<Value>(
  options: GapTopicsCacheOptions = {},
): GapTopicsCache<Value> {
  const maxEntries = options.maxEntries ?? 32;
  const entries = new Map<string, { fingerprint: string; value: Value }>();
  let hits = 0;
  let misses = 0;
  return {
    get(key, fingerprint) {
      const entry = entries.get(key);
      if (entry === undefined || entry.fingerprint !== fingerprint) {
        misses++;
        return undefined;
      }
      hits++;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, fingerprint, value) {
      entries.delete(key);
      entries.set(key, { fingerprint, value });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    stats: () => ({ hits, misses, entries: entries.size }),
  };
}

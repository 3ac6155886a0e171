/**
 * `compute` remembered for the last `maxEntries` keys asked (a bounded LRU map): a key asked
 * again gets the value computed the first time, without computing it again, until
 * `maxEntries` other keys have been asked since. Only for a `compute` whose value depends on
 * the key alone.
 *
 * @example
 * const relativesOf = memoizeRecent(lookUpRelatives, 1_000);
 * relativesOf('silence') === relativesOf('silence') // true
 */
export function memoizeRecent<Value>(
  compute: (key: string) => Value,
  maxEntries: number,
): (key: string) => Value {
  const limit = Math.max(1, maxEntries);
  const entries = new Map<string, Value>();
  return (key) => {
    if (entries.has(key)) {
      const value = entries.get(key) as Value;
      // The most recently asked last: a Map iterates in insertion order.
      entries.delete(key);
      entries.set(key, value);
      return value;
    }
    const value = compute(key);
    entries.set(key, value);
    if (entries.size > limit) {
      const oldest = entries.keys().next();
      if (oldest.done !== true) entries.delete(oldest.value);
    }
    return value;
  };
}

import { describe, expect, it } from 'vitest';
import { memoizeRecent } from './memoize-recent.js';

/** `memoizeRecent` of a function that counts its calls per key. */
function counted(maxEntries: number) {
  const calls = new Map<string, number>();
  const remembered = memoizeRecent((key: string) => {
    calls.set(key, (calls.get(key) ?? 0) + 1);
    return { key };
  }, maxEntries);
  return { remembered, calls };
}

describe('memoizeRecent', () => {
  it('computes a key asked again once, and gives the same value', () => {
    const { remembered, calls } = counted(10);
    const first = remembered('silence');
    expect(remembered('silence')).toBe(first);
    expect(first).toEqual({ key: 'silence' });
    expect(calls.get('silence')).toBe(1);
  });

  it('keeps at most maxEntries keys, forgetting the least recently asked', () => {
    const { remembered, calls } = counted(2);
    remembered('a');
    remembered('b');
    remembered('a'); // now "b" is the least recently asked
    remembered('c'); // forgets "b"
    remembered('a');
    expect(calls.get('a')).toBe(1);
    remembered('b');
    expect(calls.get('b')).toBe(2);
    // "b" came back and forgot "c", then the least recently asked.
    remembered('a');
    expect(calls.get('a')).toBe(1);
    remembered('c');
    expect(calls.get('c')).toBe(2);
  });

  it('remembers nothing more than maxEntries over many keys', () => {
    const { remembered, calls } = counted(3);
    for (const key of ['a', 'b', 'c', 'd', 'e']) remembered(key);
    for (const key of ['c', 'd', 'e']) remembered(key);
    expect([...calls.values()]).toEqual([1, 1, 1, 1, 1]);
    remembered('a');
    expect(calls.get('a')).toBe(2);
  });

  it('remembers at least one key when asked for none', () => {
    const { remembered, calls } = counted(0);
    remembered('a');
    remembered('a');
    expect(calls.get('a')).toBe(1);
  });
});

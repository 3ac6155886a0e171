import { describe, expect, it } from 'vitest';
import { createRandomIds } from './random-id.js';

describe('createRandomIds', () => {
  it('gives base64url ids of the asked size, never the same one, across many pool refills', () => {
    const nextId = createRandomIds(15);
    const seen = new Set<string>();
    for (let index = 0; index < 5_000; index += 1) {
      const id = nextId();
      expect(id).toMatch(/^[A-Za-z0-9_-]{20}$/);
      seen.add(id);
    }
    // 5,000 ids span 18 pools of 273: a pool reused without a refill would repeat ids.
    expect(seen.size).toBe(5_000);
  });

  it('uses every byte value (the bytes are random, not a counter or zeros)', () => {
    const nextId = createRandomIds(16);
    const values = new Set<number>();
    for (let index = 0; index < 500; index += 1) {
      for (const byte of Buffer.from(nextId(), 'base64url')) values.add(byte);
    }
    expect(values.size).toBe(256);
  });

  it('works for sizes that do not divide the pool and for sizes larger than it', () => {
    const odd = createRandomIds(7);
    expect(Buffer.from(odd(), 'base64url')).toHaveLength(7);
    const large = createRandomIds(5_000);
    const first = large();
    expect(Buffer.from(first, 'base64url')).toHaveLength(5_000);
    expect(large()).not.toBe(first);
  });
});

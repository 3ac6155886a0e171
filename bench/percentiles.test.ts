import { describe, expect, it } from 'vitest';
import { percentile, summarize } from './percentiles.js';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([3, 7], 50)).toBe(3);
    expect(percentile([3, 7], 51)).toBe(7);
  });

  it('is NaN without samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarize', () => {
  it('sorts and summarizes samples given in any order', () => {
    const summary = summarize([5, 1, 4, 2, 3]);
    expect(summary).toEqual({ count: 5, min: 1, mean: 3, p50: 3, p90: 5, p99: 5, max: 5 });
  });

  it('reports NaN fields for no samples', () => {
    const summary = summarize([]);
    expect(summary.count).toBe(0);
    expect(summary.p50).toBeNaN();
    expect(summary.max).toBeNaN();
  });
});

import { describe, expect, it } from 'vitest';
import { ratio } from './format.js';
import { formatSpread, measure, repeatUntilSteady } from './measurement.js';

describe('measure', () => {
  it('takes the median of odd and even counts, and the range', () => {
    expect(measure([3, 1, 2]).median).toBe(2);
    expect(measure([4, 1, 3, 2]).median).toBe(2.5);
    expect(measure([4, 1, 3, 2])).toMatchObject({ min: 1, max: 4 });
  });

  it('drops runs that measured nothing, and has no median without samples', () => {
    expect(measure([Number.NaN, 2, Number.POSITIVE_INFINITY]).samples).toEqual([2]);
    expect(measure([]).median).toBeNaN();
    expect(measure([Number.NaN]).noise).toBeNaN();
  });

  it('estimates the relative noise of the median from the spread', () => {
    // [0.9, 1, 1.1]: standard deviation 0.1 → 1.253 × 0.1 / √3 / 1 ≈ 7.2 %.
    expect(measure([0.9, 1, 1.1]).noise).toBeCloseTo(0.0723, 3);
    expect(measure([1, 1, 1, 1]).noise).toBe(0);
    expect(formatSpread(measure([0.9, 1, 1.1]), ratio)).toBe('0.90×–1.10×, ±7.2 %, n=3');
  });
});

describe('repeatUntilSteady', () => {
  it('stops as soon as the median is steady', async () => {
    const values = [1, 1.01, 0.99, 5, 5];
    const result = await repeatUntilSteady(async (index) => values[index]!, { maxRuns: 5 });
    expect(result.samples).toEqual([1, 1.01, 0.99]);
    expect(result.steady).toBe(true);
  });

  it('keeps going while the runs disagree, up to its bound', async () => {
    const values = [1, 2, 1, 2, 1, 2];
    const calls: number[] = [];
    const result = await repeatUntilSteady(
      async (index) => {
        calls.push(index);
        return values[index]!;
      },
      { minRuns: 3, maxRuns: 6, targetNoise: 0.05 },
    );
    expect(calls).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result.steady).toBe(false);
    expect(result.median).toBe(1.5);
  });
});

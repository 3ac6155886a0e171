/** A distribution of samples (milliseconds unless said otherwise), as reported by the bench. */
export interface Summary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * The `p`-th percentile (0..100) of ascending `sorted` samples, nearest-rank method: the
 * smallest sample such that at least `p` % of the samples are less than or equal to it.
 * Returns `NaN` for no samples.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0]!;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

/** Summarizes samples in any order; every field is `NaN` when there are none. */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    min: sorted.length > 0 ? sorted[0]! : Number.NaN,
    mean: sorted.length > 0 ? total / sorted.length : Number.NaN,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/** Milliseconds elapsed since a `process.hrtime.bigint()` reading, with sub-ms precision. */
export function elapsedMs(start: bigint, end: bigint = process.hrtime.bigint()): number {
  return Number(end - start) / 1e6;
}

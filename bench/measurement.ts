/**
 * A figure measured several times: the median is the verdict, the spread shows how far
 * one run can be trusted. Every budgeted figure of the bench is one of these, so a single
 * noisy run is never the verdict either way (DESIGN.md §5).
 */
export interface Measurement {
  /** The samples in the order they were taken (each a figure, or a ratio to a reference). */
  samples: readonly number[];
  median: number;
  min: number;
  max: number;
  /**
   * Relative noise of the median: its standard error (1.253 × the samples' standard
   * deviation / √n) over the median. Conservative: one outlier raises it, so the bench
   * repeats more. NaN below 2 samples.
   */
  noise: number;
}

function medianOf(sorted: readonly number[]): number {
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Summarizes samples (non-finite ones are dropped: a run that measured nothing is not a
 * sample). With no finite sample every field is NaN, so a budget check on it fails.
 *
 * @example
 * measure([0.91, 0.88, 0.93]).median // 0.91
 */
export function measure(samples: readonly number[]): Measurement {
  const finite = samples.filter((sample) => Number.isFinite(sample));
  const sorted = [...finite].sort((left, right) => left - right);
  const median = medianOf(sorted);
  const count = sorted.length;
  const mean = sorted.reduce((sum, sample) => sum + sample, 0) / count;
  const variance = sorted.reduce((sum, sample) => sum + (sample - mean) ** 2, 0) / (count - 1);
  const noise =
    count < 2 ? Number.NaN : (1.253 * Math.sqrt(variance)) / Math.sqrt(count) / Math.abs(median);
  return {
    samples: finite,
    median,
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    noise,
  };
}

/** The spread as a person reads it: `min–max, ±noise %, n=…`, in the figure's own format. */
export function formatSpread(measurement: Measurement, format: (value: number) => string): string {
  const noise = Number.isFinite(measurement.noise)
    ? `±${(measurement.noise * 100).toFixed(1)} %`
    : '±n/a';
  return `${format(measurement.min)}–${format(measurement.max)}, ${noise}, n=${measurement.samples.length}`;
}

/** Options of {@link repeatUntilSteady}. */
export interface RepeatOptions {
  /** Samples taken before the noise is first judged (at least 2). Default 3. */
  minRuns?: number;
  /** Samples at most, whatever the noise. Default 9. */
  maxRuns?: number;
  /** Stop once the median's relative noise is at most this. Default 0.05 (5 %). */
  targetNoise?: number;
}

/**
 * Takes samples with `run` until the median's noise ({@link Measurement.noise}) is at most
 * `targetNoise`, or `maxRuns` are taken: the bench repeats a figure that has no reference
 * to divide by until one more run would barely move its median. Bounded in count.
 *
 * @example
 * const rate = await repeatUntilSteady(() => ingestOnce(), { maxRuns: 5 });
 */
export async function repeatUntilSteady(
  run: (index: number) => Promise<number>,
  options: RepeatOptions = {},
): Promise<Measurement & { steady: boolean }> {
  const minRuns = Math.max(2, options.minRuns ?? 3);
  const maxRuns = Math.max(minRuns, options.maxRuns ?? 9);
  const targetNoise = options.targetNoise ?? 0.05;
  const samples: number[] = [];
  for (let index = 0; index < maxRuns; index += 1) {
    samples.push(await run(index));
    if (samples.length < minRuns) continue;
    const measurement = measure(samples);
    if (measurement.noise <= targetNoise) return { ...measurement, steady: true };
  }
  return { ...measure(samples), steady: false };
}

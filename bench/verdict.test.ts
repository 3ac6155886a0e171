import { describe, expect, it } from 'vitest';
import { atLeast, atMost } from './budgets.js';
import { ratio } from './format.js';
import { measure } from './measurement.js';
import { benchVerdict, busyWarning, isBusy } from './verdict.js';

const quiet = { loadAverage1m: 0.4, cores: 2 };
const busy = { loadAverage1m: 4.41, cores: 2 };
const met = atLeast('stream BFF / pipe', measure([0.9, 0.88, 0.95]), 0.85, ratio);
const missed = atLeast('stream BFF / pipe', measure([0.8, 0.9, 0.79]), 0.85, ratio);

describe('a busy machine', () => {
  it('is one whose 1-minute load exceeds its cores', () => {
    expect(isBusy({ loadAverage1m: 2, cores: 2 })).toBe(false);
    expect(isBusy({ loadAverage1m: 2.01, cores: 2 })).toBe(true);
    expect(busyWarning(quiet)).toBeUndefined();
    expect(busyWarning(busy)).toMatch(/busy \(1-minute load 4.41 > 2 cores\)/);
  });
});

describe('the verdict', () => {
  it('fails a missed median on a quiet machine, naming it with its spread', () => {
    const verdict = benchVerdict([met, missed], quiet);
    expect(verdict.exitCode).toBe(1);
    expect(verdict.toStderr).toBe(true);
    expect(verdict.lines[0]).toMatch(
      /^budget missed: stream BFF \/ pipe: 0\.80× \(median; 0\.79×–0\.90×, ±\d+\.\d %, n=3\) \(budget ≥ 0\.85×\)$/,
    );
    expect(verdict.lines.at(-1)).toBe('1 of 2 budgets missed');
  });

  it('warns instead of failing on a busy machine', () => {
    const verdict = benchVerdict([met, missed], busy);
    expect(verdict.exitCode).toBe(0);
    expect(verdict.toStderr).toBe(true);
    expect(verdict.lines[0]).toMatch(/^warning: budget missed: stream BFF \/ pipe/);
    expect(verdict.lines.at(-1)).toMatch(/1 of 2 budgets missed, but the machine was busy/);
  });

  it('fails on a busy machine too when strict', () => {
    expect(benchVerdict([missed], busy, { strict: true }).exitCode).toBe(1);
  });

  it('passes when every median meets its budget, busy or not', () => {
    expect(benchVerdict([met], quiet)).toEqual({
      exitCode: 0,
      lines: ['all budgets met (1 checks)'],
      toStderr: false,
    });
    expect(benchVerdict([met], busy).lines).toEqual([
      'all budgets met (1 checks), on a busy machine',
    ]);
  });

  it('judges the median, not the worst run', () => {
    // One run of three misses (0.70), as a noisy run does; the median (0.90) meets the budget.
    const noisy = atLeast('JSON BFF / pipe', measure([0.9, 0.7, 0.92]), 0.85, ratio);
    expect(noisy.pass).toBe(true);
    expect(benchVerdict([noisy], quiet).exitCode).toBe(0);
    const lowMedian = atMost('per fragment', measure([0.12, 0.09, 0.11]), 0.1, (v) => `${v}`);
    expect(lowMedian.pass).toBe(false);
  });
});

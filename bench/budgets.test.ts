import { describe, expect, it } from 'vitest';
import { atLeast, atMost, holds, missedBudgets } from './budgets.js';
import { ms, ratio } from './format.js';
import { measure } from './measurement.js';

describe('budget checks', () => {
  it('passes and fails on the right side of the limit', () => {
    expect(atLeast('ratio', 0.85, 0.85, ratio).pass).toBe(true);
    expect(atLeast('ratio', 0.84, 0.85, ratio).pass).toBe(false);
    expect(atMost('p50', 2, 2, ms).pass).toBe(true);
    expect(atMost('p50', 2.01, 2, ms).pass).toBe(false);
  });

  it('checks a measurement on its median and keeps its spread', () => {
    const check = atLeast('ratio', measure([0.7, 0.9, 0.88]), 0.85, ratio);
    expect(check).toMatchObject({ actual: '0.88×', limit: '≥ 0.85×', pass: true });
    expect(check.spread).toMatch(/^0\.70×–0\.90×, ±\d+\.\d %, n=3$/);
    expect(atMost('p50', measure([]), 2, ms).pass).toBe(false);
  });

  it('fails a figure that could not be measured', () => {
    expect(atLeast('ratio', Number.NaN, 0.85, ratio).pass).toBe(false);
    expect(atMost('p50', Number.NaN, 2, ms).pass).toBe(false);
  });

  it('names every missed budget with its value and limit', () => {
    const missed = missedBudgets([
      atLeast('JSON throughput, BFF / pipe relay', 0.5, 0.85, ratio),
      atMost('Time to first event added', 1, 2, ms),
      holds('Upstream sockets', '0', '3 sockets', false),
    ]);
    expect(missed).toEqual([
      'budget missed: JSON throughput, BFF / pipe relay: 0.50× (budget ≥ 0.85×)',
      'budget missed: Upstream sockets: 3 sockets (budget 0)',
    ]);
  });
});

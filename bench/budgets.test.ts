import { describe, expect, it } from 'vitest';
import { atLeast, atMost, holds, missedBudgets } from './budgets.js';
import { ms, ratio } from './format.js';

describe('budget checks', () => {
  it('passes and fails on the right side of the limit', () => {
    expect(atLeast('ratio', 0.85, 0.85, ratio).pass).toBe(true);
    expect(atLeast('ratio', 0.84, 0.85, ratio).pass).toBe(false);
    expect(atMost('p50', 2, 2, ms).pass).toBe(true);
    expect(atMost('p50', 2.01, 2, ms).pass).toBe(false);
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

import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-io.js';
import { formatSyncEvery, parseSyncEvery } from './sync-every.js';

describe('--sync-every', () => {
  it('reads minutes, hours, days and weeks', () => {
    expect(parseSyncEvery('30m')).toBe(30);
    expect(parseSyncEvery('1h')).toBe(60);
    expect(parseSyncEvery('1d')).toBe(1_440);
    expect(parseSyncEvery('1W')).toBe(10_080);
    expect(parseSyncEvery('30d')).toBe(43_200);
  });

  it('refuses other shapes and values outside 5 minutes to 30 days, naming the flag and the value', () => {
    for (const raw of ['', 'daily', '1', '1.5h', '-1d', '4m', '31d', '5w', '1 day', '1y']) {
      expect(() => parseSyncEvery(raw), raw).toThrow(UsageError);
      expect(() => parseSyncEvery(raw), raw).toThrow(`--sync-every must be a number and a unit`);
      expect(() => parseSyncEvery(raw), raw).toThrow(`(got "${raw}")`);
    }
  });

  it('writes minutes back in the largest whole unit', () => {
    expect([10_080, 1_440, 360, 90].map(formatSyncEvery)).toEqual(['1w', '1d', '6h', '90m']);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDuration, formatScore, formatSize, formatTime } from './format-units.js';

describe('format-units', () => {
  it('formats sizes in binary units with at most one decimal under 10', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(12 * 1024 * 1024)).toBe('12 MB');
    expect(formatSize(5 * 1024 ** 4)).toBe('5120 GB');
  });

  it('formats durations, scores and times', () => {
    expect(formatDuration(undefined)).toBe('–');
    expect(formatDuration(84.6)).toBe('85 ms');
    expect(formatDuration(1250)).toBe('1.25 s');
    expect(formatScore(0.12345)).toBe('0.123');
    expect(formatTime(null)).toBe('never');
    expect(formatTime('not a date')).toBe('not a date');
    expect(formatTime('2030-01-02T03:04:05.000Z')).toMatch(/2030/);
  });
});

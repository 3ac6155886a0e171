import { describe, expect, it } from 'vitest';
import { readFollowUps } from './follow-up-rules.js';
import { LIMITS } from './limits.js';

describe('readFollowUps', () => {
  it('keeps trimmed, distinct strings within the length limit, at most the maximum', () => {
    const longest = 'q'.repeat(LIMITS.followUps.length);
    expect(readFollowUps([' a? ', 'a?', longest, `${longest}q`, 3, 'b', 'c'])).toEqual([
      'a?',
      longest,
      'b',
    ]);
  });

  it('reads anything but an array as absent', () => {
    expect(readFollowUps(undefined)).toBeUndefined();
    expect(readFollowUps({ 0: 'a' })).toBeUndefined();
    expect(readFollowUps([])).toEqual([]);
  });
});

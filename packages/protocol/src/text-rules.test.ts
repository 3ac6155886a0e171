import { describe, expect, it } from 'vitest';
import { findForbiddenCharacter, hasNul } from './text-rules.js';

describe('forbidden characters', () => {
  it('finds C0 control characters and DEL, named as escapes', () => {
    expect(findForbiddenCharacter('a\u0000b')).toBe('\\u0000');
    expect(findForbiddenCharacter('bell \u0007')).toBe('\\u0007');
    expect(findForbiddenCharacter('escape \u001b[31m')).toBe('\\u001b');
    expect(findForbiddenCharacter('form\ffeed')).toBe('\\u000c');
    expect(findForbiddenCharacter('del\u007f')).toBe('\\u007f');
  });

  it('accepts tab, line breaks and every printable character', () => {
    expect(findForbiddenCharacter('a\tb\nc\r\nd')).toBeUndefined();
    expect(findForbiddenCharacter('wörld 🌍 \u00a0 \u2028 日本')).toBeUndefined();
    expect(findForbiddenCharacter('')).toBeUndefined();
  });

  it('tells NUL apart (what storage cannot hold)', () => {
    expect(hasNul('a\u0000')).toBe(true);
    expect(hasNul('a\u0001')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { baseFormOf } from './irregular-verbs.js';

describe('baseFormOf', () => {
  it('gives an irregular verb’s base form for its past and participle', () => {
    expect(baseFormOf('threw')).toBe('throw');
    expect(baseFormOf('thrown')).toBe('throw');
    expect(baseFormOf('caught')).toBe('catch');
    expect(baseFormOf('were')).toBe('be');
    expect(baseFormOf('ran')).toBe('run');
  });

  it('reads a form of two verbs as the first listed', () => {
    expect(baseFormOf('found')).toBe('find');
    expect(baseFormOf('lay')).toBe('lie');
  });

  it('leaves base forms and regular verbs alone', () => {
    expect(baseFormOf('throw')).toBeUndefined();
    expect(baseFormOf('run')).toBeUndefined();
    expect(baseFormOf('wiped')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { compoundTermsOf } from './compound-terms.js';
import { stemOf } from './text-terms.js';

describe('compoundTermsOf', () => {
  it('joins two or three neighbouring words as code names things, stemmed as the index stems identifiers', () => {
    // "My" is a stop word: it joins nothing.
    expect(compoundTermsOf('My global setup file')).toEqual([
      stemOf('globalsetup'),
      stemOf('globalsetupfile'),
      stemOf('setupfile'),
    ]);
    // "setup files" is `setupFiles`: the identifier's own stem.
    expect(compoundTermsOf('setup files')).toEqual([stemOf('setupfiles')]);
  });

  it('joins no stop word, hyphenated word, number, code or words across punctuation', () => {
    expect(compoundTermsOf('pass with no tests')).toEqual([]);
    expect(compoundTermsOf('the sub-app of a not-found handler')).toEqual([]);
    expect(compoundTermsOf('vi.mock in v2 works')).toEqual([]);
    expect(compoundTermsOf('the file. Setup runs')).toEqual([stemOf('setupruns')]);
    expect(compoundTermsOf('')).toEqual([]);
  });
});

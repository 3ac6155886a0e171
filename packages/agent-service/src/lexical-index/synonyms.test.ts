import { describe, expect, it } from 'vitest';
import { synonymsOf } from './synonyms.js';
import { stemOf } from './text-terms.js';

describe('synonymsOf', () => {
  it('gives the stems of the words written for the same thing', () => {
    expect(synonymsOf(stemOf('forbid'))).toContain(stemOf('disallow'));
    expect(synonymsOf(stemOf('parameters'))).toEqual(
      expect.arrayContaining([stemOf('argument'), stemOf('args')]),
    );
    expect(synonymsOf(stemOf('setting'))).toEqual([stemOf('option')]);
    expect(synonymsOf(stemOf('detects'))).toEqual([stemOf('identifies')]);
  });

  it('gives nothing for a word without synonyms, and never the word itself', () => {
    expect(synonymsOf(stemOf('penguin'))).toEqual([]);
    expect(synonymsOf(stemOf('function'))).toEqual([]);
    expect(synonymsOf(stemOf('error'))).not.toContain(stemOf('error'));
  });
});

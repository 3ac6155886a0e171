import { describe, expect, it } from 'vitest';
import { isEnglishWord } from './english-words.js';

describe('isEnglishWord', () => {
  it('knows listed words, in any case', () => {
    expect(isEnglishWord('wipe')).toBe(true);
    expect(isEnglishWord('Wipe')).toBe(true);
    expect(isEnglishWord('threw')).toBe(true);
    expect(isEnglishWord('Newton')).toBe(true);
  });

  it('knows a listed word with a suffix or prefix it takes, as Hunspell does', () => {
    expect(isEnglishWord('wiped')).toBe(true); // wipe/D
    expect(isEnglishWord('newest')).toBe(true); // new/T
    expect(isEnglishWord('painfully')).toBe(true); // painful/Y
    expect(isEnglishWord('submissions')).toBe(true); // submission/S
    expect(isEnglishWord('unexplained')).toBe(true); // explained with un-
    expect(isEnglishWord('carries')).toBe(true); // carry/S: y → ies
  });

  it('does not know typing slips, codes or affixes a word does not take', () => {
    expect(isEnglishWord('intercpetions')).toBe(false);
    expect(isEnglishWord('recieve')).toBe(false);
    expect(isEnglishWord('systemd')).toBe(false);
    expect(isEnglishWord('wipeness')).toBe(false);
    expect(isEnglishWord('')).toBe(false);
  });
});

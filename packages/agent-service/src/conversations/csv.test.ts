import { describe, expect, it } from 'vitest';
import { csvRecord } from './csv.js';

describe('csvRecord', () => {
  it('writes plain cells as they are, CRLF-terminated', () => {
    expect(csvRecord(['a', 1, true, null, undefined, ''])).toBe('a,1,true,,,\r\n');
  });

  it('quotes cells with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvRecord(['a,b', 'say "hi"', 'two\nlines', 'cr\r'])).toBe(
      '"a,b","say ""hi""","two\nlines","cr\r"\r\n',
    );
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
  ])('guards %j against formula injection', (cell, written) => {
    expect(csvRecord([cell])).toBe(`${written}\r\n`);
  });

  it('guards and quotes together', () => {
    expect(csvRecord(['=HYPERLINK("http://x","y")'])).toBe(
      '"\'=HYPERLINK(""http://x"",""y"")"\r\n',
    );
  });

  it('leaves numbers alone, also negative ones (they are not text)', () => {
    expect(csvRecord([-3, 0.5])).toBe('-3,0.5\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { inlineCodeOf } from './inline-code.js';

describe('inlineCodeOf', () => {
  it("gives each inline code span's contents, in order, on one line only", () => {
    expect(inlineCodeOf('Set `"allowAfterThis": false` or `allow`.')).toEqual([
      '"allowAfterThis": false',
      'allow',
    ]);
    expect(inlineCodeOf('No code here, and `not\nacross lines`.')).toEqual([]);
    expect(inlineCodeOf('``')).toEqual([]);
  });
});

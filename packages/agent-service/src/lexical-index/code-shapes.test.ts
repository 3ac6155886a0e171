import { describe, expect, it } from 'vitest';
import { codeShapesOf, isConstructShape } from './code-shapes.js';
import { lexemesOf } from './text-terms.js';

describe('codeShapesOf', () => {
  it('gives code of the same construct the same shapes, whatever it names', () => {
    const asked = codeShapesOf('We write `onDone && onDone()` instead of an if.');
    const documented = codeShapesOf('```js\na && a();\n```');
    expect(asked).toContain('code_x_and_x');
    expect(asked).toContain('code_and_x_lp');
    expect(asked.every((shape) => documented.includes(shape))).toBe(true);
    // Keywords as written; a string and a number are both a literal (an example's
    // `case 1:` is a question's `case 'sum':`).
    expect(codeShapesOf("`throw 'invalid input'`")).toEqual(['code_throw_0']);
    expect(codeShapesOf("`case 'sum':`")).toEqual(codeShapesOf('```\ncase 1:\n```'));
    expect(codeShapesOf('`row[3]`')).toEqual(
      expect.arrayContaining(['code_x_lb_0', 'code_lb_0_rb']),
    );
    expect(codeShapesOf('`const { password, ...rest } = user;`')).toEqual(
      codeShapesOf('```\nconst { kind, ...coords } = data;\n```'),
    );
  });

  it('reads fenced blocks and inline code only, and skips runs of names and literals', () => {
    expect(codeShapesOf('Plain prose && words (no code) here.')).toEqual([]);
    expect(codeShapesOf('`just_a_name` and `42`')).toEqual([]);
    expect(codeShapesOf('~~~\nif (a) b();\n~~~')).toContain('code_if_lp_x');
    // Each shape once, though the construct repeats.
    const repeated = codeShapesOf('`a && b` and `c && d`');
    expect(repeated).toEqual([...new Set(repeated)]);
  });

  it('reads `...` before a closing bracket as code left out, not a spread', () => {
    // `(function () { ... })();` is an IIFE whose body is elided: shaped as `{ }`.
    expect(codeShapesOf('`(function () { ... })();`')).toEqual(
      codeShapesOf('`(function () { })();`'),
    );
    expect(codeShapesOf('`f(...)` and `[a, ...]`').some((shape) => shape.includes('spread'))).toBe(
      false,
    );
    expect(codeShapesOf('`f(...args)`')).toContain('code_lp_spread_x');
    expect(codeShapesOf('`{ ...rest }`')).toContain('code_lc_spread_x');
  });

  it('makes terms that no word of a text can be', () => {
    const text = 'code x and x: `x && x`';
    const words = new Set(lexemesOf(text).map((item) => item.lexeme));
    for (const shape of codeShapesOf(text)) {
      expect(shape).toMatch(/^code(_[a-z0-9]+){2,3}$/);
      expect(words.has(shape)).toBe(false);
    }
  });

  it('reads a long block only so far', () => {
    const long = `\`\`\`\n${'a(b);\n'.repeat(100_000)}\`\`\``;
    expect(codeShapesOf(long).length).toBeLessThan(20);
  });

  it('tells a construct (a keyword, an operator) from names and delimiters alone', () => {
    const construct = codeShapesOf('`if (!options) options = {};` or `options ||= {}`');
    expect(construct.filter(isConstructShape)).toEqual(
      expect.arrayContaining([
        'code_if_lp',
        'code_lp_not_x',
        'code_x_orassign',
        'code_x_assign_lc',
      ]),
    );
    expect(construct.filter(isConstructShape)).not.toContain('code_lc_rc_semi');
    // A path, a comment: delimiters only.
    for (const code of ['`@acme/internal/`', '`/* eslint react/no-danger: "off" */`']) {
      expect(codeShapesOf(code).filter(isConstructShape)).toEqual([]);
    }
  });
});

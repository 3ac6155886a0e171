/**
 * Code shapes: the structure of a piece of code as index terms, so that a question quoting
 * its own code (`onDone && onDone()`, `const { password, ...rest } = user;`) finds the
 * documentation's examples of the same construct (`a && a()`, `const { type, ...coords }
 * = data;`), whose names it never shares. Code is read as tokens — keywords as written,
 * any other name as `x`, literals (numbers, strings) as `0`, operators by name — and each run
 * of two or three tokens that is more than names and literals becomes one term
 * (`code_x_and_x`). Such a term holds `_`, which no word of the index does (words are runs
 * of letters and digits), so it never meets a word.
 */

import { inlineCodeOf, markdownBlocks } from '../markdown/index.js';

/** Keywords of the common programming languages: they shape code, names do not. */
const KEYWORDS = new Set(
  `if else elif for while do switch case default break continue return throw throws try
  catch except finally raise new delete typeof instanceof void in of is not and or const let
  var function func fn def lambda class extends implements interface super this self static
  get set async await yield import export from as package type enum struct impl trait pub
  null undefined nil none true false with match go defer`.split(/\s+/),
);

/** Operators and punctuation, by name (a term is letters, digits and `_`). */
const OPERATORS: Readonly<Record<string, string>> = {
  '(': 'lp',
  ')': 'rp',
  '[': 'lb',
  ']': 'rb',
  '{': 'lc',
  '}': 'rc',
  ';': 'semi',
  ',': 'comma',
  '.': 'dot',
  ':': 'colon',
  '=': 'assign',
  '+': 'plus',
  '-': 'minus',
  '*': 'star',
  '/': 'slash',
  '%': 'mod',
  '!': 'not',
  '~': 'tilde',
  '?': 'query',
  '<': 'lt',
  '>': 'gt',
  '&': 'bitand',
  '|': 'bitor',
  '^': 'xor',
  '@': 'at',
  '#': 'hash',
  '&&': 'and',
  '||': 'or',
  '??': 'nullish',
  '?.': 'optional',
  '=>': 'arrow',
  '...': 'spread',
  '==': 'eq',
  '!=': 'ne',
  '===': 'stricteq',
  '!==': 'strictne',
  '<=': 'le',
  '>=': 'ge',
  '++': 'increment',
  '--': 'decrement',
  '+=': 'plusassign',
  '-=': 'minusassign',
  '*=': 'starassign',
  '/=': 'slashassign',
  '**': 'power',
  '||=': 'orassign',
  '&&=': 'andassign',
  '??=': 'nullishassign',
  '<<': 'shl',
  '>>': 'shr',
  '::': 'path',
  ':=': 'define',
  '->': 'thinarrow',
};

/** A string, a number, a name, or an operator (longest first): groups 1 to 4. */
const TOKEN =
  /('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")|(\d[\w.]*)|([A-Za-z_$][\w$]*)|(\.\.\.|===|!==|\?\?=|\|\|=|&&=|=>|==|!=|<=|>=|&&|\|\||\?\?|\?\.|\+\+|--|\+=|-=|\*=|\/=|\*\*|<<|>>|::|:=|->|[^\s\w])/g;

/** Code longer than this is read only this far: an example's shape shows early. */
const MAX_CODE_CHARS = 4_000;

/**
 * Whether the `...` that ends before `from` stands for code left out (`{ ... }`, `f(...)`,
 * `[a, ...]`): nothing but a closing bracket, a comma or the end follows it, where a spread
 * is followed by what it spreads.
 */
function isElision(code: string, from: number): boolean {
  const next = /\S/.exec(code.slice(from, from + 200));
  return next === null || ')]},'.includes(next[0]);
}

/** The tokens of a piece of code, as shapes (see the module's comment). */
function shapeTokens(code: string): string[] {
  const tokens: string[] = [];
  for (const match of code.slice(0, MAX_CODE_CHARS).matchAll(TOKEN)) {
    if (match[1] !== undefined || match[2] !== undefined) tokens.push('0');
    else if (match[3] !== undefined) tokens.push(KEYWORDS.has(match[3]) ? match[3] : 'x');
    else if (match[4] === '...' && isElision(code, (match.index ?? 0) + 3)) {
      // `{ ... }`, `f(...)`: code left out, not a spread; it shapes nothing.
    } else {
      const named = OPERATORS[match[4] as string];
      if (named !== undefined) tokens.push(named);
    }
  }
  return tokens;
}

/** What every code-shape term starts with: no word holds `_`. */
const SHAPE_PREFIX = 'code_';

/** Whether an index or query term is a code shape (see {@link codeShapesOf}), not a word. */
export const isCodeShape = (term: string): boolean => term.startsWith(SHAPE_PREFIX);

/**
 * Tokens that only name, delimit or separate: names and literals, brackets, separators,
 * and the marks of paths, comments and kebab-case names (`@acme/internal/`,
 * `/* eslint react/no-danger *\/`), where `/`, `*` and `-` are rarely arithmetic.
 */
const DELIMITING_TOKENS = new Set(
  'x 0 lp rp lb rb lc rc semi comma dot colon slash star minus at hash'.split(' '),
);

/**
 * Whether a code shape (see {@link codeShapesOf}) holds a construct: a keyword or an
 * operator (`code_x_orassign`, `code_if_lp_not`), not only names and delimiters
 * (`code_at_x_slash`, `code_slash_star`), which any path or comment has.
 */
export function isConstructShape(shape: string): boolean {
  return shape
    .slice(SHAPE_PREFIX.length)
    .split('_')
    .some((token) => !DELIMITING_TOKENS.has(token));
}

/**
 * How many shapes of a question's code (`codeShapesOf`) are searched, each as a word: the
 * rarest the datastores hold. A long snippet gives 20–30 shapes, most of them common (a
 * call, `code_x_lp_rp`), which would drown the question's words and cost a rank each
 * (docs/benchmarks.md: the 4 rarest measured lower, the 6 rarest as well as all of them
 * sharing 6 words' weight).
 */
const CODE_SHAPE_TERMS = 6;

/**
 * The shapes of a question's code that count: the {@link CODE_SHAPE_TERMS} rarest of
 * `shapes` that are held (`frequencyOf` above 0: in the datastores' chunks, or in the
 * blocks an answer quotes from), rarest first.
 */
export function rarestShapes(
  shapes: readonly string[],
  frequencyOf: (shape: string) => number,
): string[] {
  return shapes
    .map((shape) => ({ shape, frequency: frequencyOf(shape) }))
    .filter(({ frequency }) => frequency > 0)
    .sort((left, right) => left.frequency - right.frequency)
    .slice(0, CODE_SHAPE_TERMS)
    .map(({ shape }) => shape);
}

/** Whether a token is a name or a literal (runs of only these say nothing of the construct). */
const isOperand = (token: string) => token === 'x' || token === '0';

/**
 * The code of a Markdown text, read as the chunker reads its blocks (`markdownBlocks`): its
 * fenced blocks, and the inline code spans of its other blocks.
 */
export function codeOf(markdown: string): string[] {
  const code: string[] = [];
  for (const block of markdownBlocks(markdown)) {
    if (block.kind === 'code') code.push(block.lines.join('\n'));
    else code.push(...inlineCodeOf(block.text));
  }
  return code;
}

/**
 * The code-shape terms of a Markdown text (its fenced blocks and inline code), each once,
 * in order of first appearance: every run of two and three tokens that holds a keyword or
 * an operator, as `code_` and the tokens joined by `_`.
 *
 * @example
 * codeShapesOf('Use `a && a()` here.')
 * // ['code_x_and', 'code_and_x', 'code_x_lp', 'code_lp_rp', 'code_x_and_x', 'code_and_x_lp', 'code_x_lp_rp']
 */
export function codeShapesOf(markdown: string): string[] {
  if (!markdown.includes('`') && !markdown.includes('~~~')) return [];
  const shapes = new Set<string>();
  for (const code of codeOf(markdown)) {
    const tokens = shapeTokens(code);
    const pairs: string[] = [];
    for (let start = 0; start + 1 < tokens.length; start += 1) {
      const first = tokens[start] as string;
      const second = tokens[start + 1] as string;
      const pair = `${first}_${second}`;
      const operands = isOperand(first) && isOperand(second);
      if (!operands) shapes.add(`${SHAPE_PREFIX}${pair}`);
      pairs.push(operands ? '' : pair);
    }
    for (let start = 0; start + 2 < tokens.length; start += 1) {
      const third = tokens[start + 2] as string;
      const pair = pairs[start] as string;
      if (pair !== '' || !isOperand(third)) {
        shapes.add(`${SHAPE_PREFIX}${tokens[start]}_${tokens[start + 1]}_${third}`);
      }
    }
  }
  return [...shapes];
}

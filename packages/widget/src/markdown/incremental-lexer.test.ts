import spec from 'commonmark-spec';
import { Lexer } from 'marked';
import { describe, expect, it, vi } from 'vitest';
import { createIncrementalLexer, maxDelimiterRun, maxNesting } from './incremental-lexer.js';

const lexAll = (text: string) => Lexer.lex(text, { gfm: true, breaks: false, pedantic: false });
const json = (value: unknown) => JSON.stringify(value);

const answer = [
  '## Setup',
  '',
  'Install the **package** and read [the docs][docs].',
  '',
  '1. First',
  '   - nested *item*',
  '',
  '   ```sh',
  '   npm install agent-chat',
  '   ```',
  '2. Second',
  '',
  '| a | b |',
  '|:--|--:|',
  '| 1 | 2 |',
  '',
  '> quote with a list:',
  '> - x',
  '',
  'Setext',
  '------',
  '',
  '- [x] done',
  '- [ ] todo',
  '',
  '[docs]: https://docs.example',
  '',
  'The end, see https://example.com.',
].join('\n');

describe('createIncrementalLexer', () => {
  // While a text streams, a link definition reaches the blocks before it once a block follows
  // it; a one-shot lex sees it at once. Elsewhere the two agree at every length.
  const streamed = (markdown: string, step: number, label: string) => {
    const lexer = createIncrementalLexer();
    const definitions = /^ {0,3}\[[^\]]*\]:/m;
    for (let length = 0; length < markdown.length + step; length += step) {
      const text = markdown.slice(0, length);
      const { finished, open, plain } = lexer.lex(text);
      expect(plain).toBe('');
      if (!definitions.test(text)) {
        expect(json([...finished, ...open]), `${label} at ${length}`).toBe(json(lexAll(text)));
      }
    }
    const { finished, open } = lexer.lex(markdown, true);
    expect(json([...finished, ...open]), `${label}, final`).toBe(json(lexAll(markdown)));
  };

  it('gives the tokens of a one-shot lex at every length of a streamed answer', () => {
    streamed(answer, 1, 'answer');
  });

  it('agrees with a one-shot lex on every CommonMark example, streamed in steps of 1 and 3', () => {
    for (const example of spec.tests) {
      const markdown = example.markdown.replace(/→/g, '\t');
      streamed(markdown, 1, `example ${example.number}`);
      streamed(markdown, 3, `example ${example.number}`);
    }
  }, 60_000);

  it('keeps finished tokens as they are and lexes only the open end (linear in total)', () => {
    const lex = vi.spyOn(Lexer.prototype, 'lex');
    const lexer = createIncrementalLexer();
    const long = Array.from({ length: 200 }, (_, index) => `Paragraph ${index} with *text*.`).join(
      '\n\n',
    );
    let previous = lexer.lex('').finished.slice();
    let lexed = 0;
    for (let length = 8; length <= long.length; length += 8) {
      lex.mockClear();
      const { finished } = lexer.lex(long.slice(0, length));
      lexed += (lex.mock.calls[0]?.[0] ?? '').length;
      for (const [index, token] of previous.entries()) expect(finished[index]).toBe(token);
      previous = finished.slice();
    }
    lex.mockRestore();
    // Each call lexes about one paragraph (~30 characters), never the whole text again.
    expect(lexed / (long.length / 8)).toBeLessThan(80);
    expect(previous.length).toBeGreaterThan(350);
  }, 30_000);

  it('lexes again when a link definition arrives after the blocks that use it', () => {
    const lexer = createIncrementalLexer();
    const text = 'See [docs].\n\nMore.\n\n[docs]: https://docs.example\n\nEnd.\n\nReally.';
    for (let length = 1; length <= text.length; length++) lexer.lex(text.slice(0, length));
    expect(json(lexer.lex(text).finished[0])).toContain('https://docs.example');
    // A definition in the last block counts once the answer is complete.
    const last = createIncrementalLexer();
    const atEnd = 'See [docs].\n\nMore.\n\n[docs]: https://docs.example';
    for (let length = 1; length <= atEnd.length; length++) last.lex(atEnd.slice(0, length));
    expect(json(last.lex(atEnd).finished[0])).not.toContain('https://docs.example');
    const { finished, open } = last.lex(atEnd, true);
    expect(json([...finished, ...open])).toBe(json(lexAll(atEnd)));
    expect(json(finished[0] ?? open[0])).toContain('https://docs.example');
  });

  it('starts over when the text is replaced rather than extended', () => {
    const lexer = createIncrementalLexer();
    lexer.lex('# One\n\nfirst answer\n\nmore');
    const { finished, open } = lexer.lex('Other *answer*');
    expect(finished).toHaveLength(0);
    expect(json(open)).toBe(json(lexAll('Other *answer*')));
  });
});

describe('createIncrementalLexer on hostile input', () => {
  const hostile: Record<string, string> = {
    'list markers on one line': '- '.repeat(20_000),
    'nested quotes': '> '.repeat(20_000),
    'quotes and lists': '> - '.repeat(10_000),
    'indented nested list': Array.from({ length: 400 }, (_, i) => `${' '.repeat(i * 2)}- a`).join(
      '\n',
    ),
    'emphasis run': `${'*'.repeat(20_000)}a${'*'.repeat(20_000)}`,
    'wide table': `|${'a|'.repeat(5_000)}\n|${'-|'.repeat(5_000)}\n${`|${'b|'.repeat(5_000)}\n`.repeat(4)}`,
    'long table': `|a|b|\n|-|-|\n${'|x|y|\n'.repeat(8_000)}`,
    'many list items': '- a\n'.repeat(10_000),
    'unclosed openers': '`a` **b ~~c __d [e '.repeat(4_000),
    brackets: '[a]('.repeat(20_000),
  };

  for (const [name, text] of Object.entries(hostile)) {
    it(`stays bounded on ${name}`, () => {
      const lexer = createIncrementalLexer();
      const start = performance.now();
      const result = lexer.lex(text);
      // Linear: tens of milliseconds (hundreds on a loaded machine); quadratic work or a stack
      // overflow would take seconds here.
      expect(performance.now() - start).toBeLessThan(2_000);
      expect(result.finished.length + result.open.length + result.plain.length).toBeGreaterThan(0);
    });
  }

  it('shows containers nested past the limit and endless delimiter runs as plain text', () => {
    const deep = `${'- '.repeat(maxNesting + 1)}a`;
    const lexed = createIncrementalLexer().lex(`intro\n\n${deep}\nmore`);
    expect(lexed.plain).toBe(`${deep}\nmore`);
    expect(lexed.open[0]?.type).toBe('paragraph');
    expect(createIncrementalLexer().lex(`${'- '.repeat(maxNesting)}a`).plain).toBe('');
    const run = `${'*'.repeat(maxDelimiterRun + 1)}a`;
    expect(createIncrementalLexer().lex(run).plain).toBe(run);
  });

  it('stays linear while a hostile block streams in, frame by frame', () => {
    const lexer = createIncrementalLexer();
    const text = `${'- a\n  - b\n    - c\n'.repeat(300)}| a | b |\n|---|---|\n${'| x | y |\n'.repeat(300)}`;
    const start = performance.now();
    for (let length = 64; length <= text.length; length += 64) lexer.lex(text.slice(0, length));
    expect(performance.now() - start).toBeLessThan(5_000);
  }, 30_000);
});

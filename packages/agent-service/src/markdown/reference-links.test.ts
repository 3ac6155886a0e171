import { describe, expect, it } from 'vitest';
import { inlineReferenceLinks } from './reference-links.js';

describe('inlineReferenceLinks', () => {
  it('writes reference links inline and drops their definitions and empty anchors', () => {
    const markdown = [
      '<a name="md056"></a>',
      '',
      '## Table column count',
      '',
      'A [GitHub Flavored Markdown table][gfm-table] needs as many cells as its [header][].',
      'See the [Spec] and ![logo][Logo Image].',
      '',
      '[gfm-table]: https://docs.github.com/tables "Tables"',
      '  [HEADER]: <https://example.com/header>',
      '[logo image]: ./logo.png',
    ].join('\n');
    expect(inlineReferenceLinks(markdown)).toBe(
      [
        '',
        '',
        '## Table column count',
        '',
        'A [GitHub Flavored Markdown table](https://docs.github.com/tables) needs as many cells as its [header](https://example.com/header).',
        'See the [Spec] and ![logo](./logo.png).',
        '',
      ].join('\n'),
    );
  });

  it('leaves code, undefined labels and documents without definitions as they are', () => {
    const code = ['```md', '[a][b]', '[b]: https://example.com', '```'].join('\n');
    expect(inlineReferenceLinks(code)).toBe(code);
    expect(inlineReferenceLinks('Use [x][y] and `arr[0][1]`.')).toBe('Use [x][y] and `arr[0][1]`.');
    expect(inlineReferenceLinks(`[y]: https://y.example\n\n${code}\n\n[x][y]`)).toBe(
      `\n${code}\n\n[x](https://y.example)`,
    );
  });

  it('reads a hostile line in linear time', () => {
    const line = '<a name="'.repeat(50_000) + '[x]['.repeat(50_000);
    const started = performance.now();
    inlineReferenceLinks(`${line}\n[x]: https://x.example`);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

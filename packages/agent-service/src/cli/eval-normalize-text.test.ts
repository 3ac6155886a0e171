import { describe, expect, it } from 'vitest';
import { normalizeEvalText } from './eval-normalize-text.js';

describe('normalizeEvalText', () => {
  it('drops Markdown and HTML markup, keeping the text', () => {
    expect(normalizeEvalText('Use **`fetch: app.fetch`** in [the Worker](/docs/workers#x)')).toBe(
      'use fetch: app.fetch in the worker',
    );
    expect(normalizeEvalText('![diagram](/img.png) <code>c.env</code> and __bold__')).toBe(
      'diagram c.env and bold',
    );
    expect(normalizeEvalText('``double ticks`` and \\*escaped\\* \\_under\\_')).toBe(
      'double ticks and *escaped* _under_',
    );
  });

  it('decodes entities, straightens quotes, applies NFKC, collapses whitespace, lowers case', () => {
    expect(normalizeEvalText('Tom &amp; Jerry&#39;s &#x41;PI &hellip; &unknown;')).toBe(
      "tom & jerry's api ... &unknown;",
    );
    expect(normalizeEvalText('“Quoted” ‘single’')).toBe('"quoted" \'single\'');
    expect(normalizeEvalText('ﬁle\u200bname  \n\t NEXT')).toBe('filename next');
    expect(normalizeEvalText('a&nbsp;b')).toBe('a b');
  });

  it('leaves a phrase and an answer that differ only in markup equal', () => {
    const phrase = normalizeEvalText('"^_"');
    expect(normalizeEvalText('Set `argsIgnorePattern` to `"^_"`.')).toContain(phrase);
    expect(normalizeEvalText('NODEJS\\_HELPERS=0')).toBe('nodejs_helpers=0');
  });

  it('keeps an out-of-range numeric entity as it is', () => {
    expect(normalizeEvalText('&#x110000;')).toBe('&#x110000;');
  });
});

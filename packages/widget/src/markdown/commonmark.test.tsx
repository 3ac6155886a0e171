import spec from 'commonmark-spec';
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { markdownOptions } from '../panel/markdown.js';
import { deviations } from './commonmark-deviations.js';
import { MarkdownView } from './markdown-view.js';

const blockTags =
  'address|article|blockquote|br|dd|div|dl|dt|h[1-6]|hr|li|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul';
const aroundBlockTags = new RegExp(String.raw`\s*(</?(?:${blockTags})\b[^>]*>)\s*`, 'g');

/**
 * Whitespace and escaping that do not change what a page shows: entity spellings, whitespace
 * runs, whitespace around block tags, and the line feed that ends a code block's text (the
 * widget hands code without it to the copy button).
 */
function normalize(html: string): string {
  return html
    .replace(/\n<\/code><\/pre>/g, '</code></pre>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/ \/>/g, '>')
    .replace(/\s+/g, ' ')
    .replace(aroundBlockTags, '$1')
    .trim();
}

/**
 * Removes the widget's own wrappers: the answer's and its block groups' elements, the code
 * block's bar and its `<pre>`'s tabindex (it scrolls sideways, so it takes keyboard focus),
 * heading levels, link targets.
 */
function unwrap(html: string): string {
  return html
    .replace(/^<div class="markdown">([\s\S]*)<\/div>$/, '$1')
    .replace(/^<div class="blocks">([\s\S]*)<\/div>$/, '$1')
    .replace(/<div class="code"><div class="code-bar">[\s\S]*?<\/div><pre tabindex="0">/g, '<pre>')
    .replace(/<\/pre><\/div>/g, '</pre>')
    .replace(/<h\d class="heading h(\d)">([\s\S]*?)<\/h\d>/g, '<h$1>$2</h$1>')
    .replace(/ target="_blank" rel="noopener noreferrer"/g, '');
}

const options = markdownOptions('Copy code', 'Copied');

function renderHtml(markdown: string): string {
  const container = document.createElement('div');
  render(<MarkdownView text={markdown} options={options} />, container);
  const html = container.innerHTML;
  render(null, container);
  return unwrap(html);
}

const tab = (text: string): string => text.replace(/→/g, '\t');
const examples = spec.tests.filter(
  (example) => example.section !== 'HTML blocks' && example.section !== 'Raw HTML',
);

describe('CommonMark conformance (spec examples outside the raw-HTML sections)', () => {
  it('renders every example as the spec says, but for the documented deviations', () => {
    expect(examples).toHaveLength(588);
    const listed = new Map<number, string>();
    for (const deviation of deviations) {
      for (const number of deviation.examples ?? []) listed.set(number, deviation.name);
    }
    const adjusting = deviations.filter((deviation) => deviation.adjust !== undefined);
    const numbers = new Set(examples.map((example) => example.number));
    expect([...listed.keys()].filter((number) => !numbers.has(number))).toEqual([]);

    let strict = 0;
    const forgivenBy = new Map<string, number>();
    const unexpected: string[] = [];
    const stale: string[] = [];
    for (const example of examples) {
      const markdown = tab(example.markdown);
      const actual = normalize(renderHtml(markdown));
      let expected = tab(example.html);
      const matches = actual === normalize(expected);
      if (matches) strict++;
      // Which rewrites this example needs: each applied alone, then all of them.
      const needed = matches
        ? []
        : adjusting.filter((deviation) => {
            const alone = deviation.adjust?.(expected, markdown) ?? expected;
            return alone !== expected;
          });
      for (const deviation of adjusting)
        expected = deviation.adjust?.(expected, markdown) ?? expected;
      const matchesAdjusted = matches || actual === normalize(expected);
      const listedAs = listed.get(example.number);
      if (listedAs !== undefined) {
        if (matchesAdjusted) stale.push(`#${example.number} (${listedAs}) renders as expected`);
        continue;
      }
      if (!matchesAdjusted) {
        unexpected.push(
          `#${example.number} ${example.section}\n  markdown: ${JSON.stringify(markdown)}\n  expected: ${normalize(expected)}\n  actual:   ${actual}`,
        );
        continue;
      }
      for (const deviation of needed) {
        forgivenBy.set(deviation.name, (forgivenBy.get(deviation.name) ?? 0) + 1);
      }
    }
    for (const deviation of adjusting) {
      if (!forgivenBy.has(deviation.name)) stale.push(`"${deviation.name}" forgives no example`);
    }
    console.info(
      `CommonMark: ${strict}/${examples.length} as specified; with deviations: ${[...forgivenBy].map(([name, count]) => `${name} ${count}`).join(', ')}; listed: ${[...listed.keys()].join(', ')}.`,
    );
    expect(unexpected, 'examples that differ from the spec without a documented deviation').toEqual(
      [],
    );
    expect(
      stale,
      'deviations that no longer change anything: update commonmark-deviations.ts',
    ).toEqual([]);
  });
});

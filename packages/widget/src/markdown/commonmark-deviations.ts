import { Lexer, type Token, type Tokens } from 'marked';

/**
 * Where the widget's Markdown deliberately differs from the CommonMark spec: the one list,
 * used by the conformance test (`commonmark.test.tsx`) to adjust the spec's expected HTML
 * before comparing, and quoted in the README. Every other difference is a failure; so is a
 * deviation that no longer changes anything (an `adjust` that forgives no example, or a
 * listed example that now renders as the spec says).
 */
export interface Deviation {
  name: string;
  why: string;
  /** Rewrites an example's expected HTML into what the widget deliberately renders. */
  adjust?: (expected: string, markdown: string) => string;
  /**
   * The spec examples (by number) the widget renders differently, when no rewrite expresses
   * it: exactly those, each still different.
   */
  examples?: readonly number[];
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function htmlTokens(tokens: readonly Token[] | undefined, found: Tokens.HTML[]): Tokens.HTML[] {
  for (const token of tokens ?? []) {
    if (token.type === 'html') found.push(token as Tokens.HTML);
    if ('tokens' in token) htmlTokens(token.tokens, found);
    if (token.type === 'list') for (const item of token.items as Token[]) htmlTokens([item], found);
  }
  return found;
}

/** The deliberate deviations, in the order the test applies them. */
export const deviations: readonly Deviation[] = [
  {
    name: 'Raw HTML is shown as text',
    why: 'An answer is untrusted: its HTML is never interpreted (no sanitizer to get wrong). An HTML block shows as a paragraph of its text.',
    adjust(expected, markdown) {
      let output = expected;
      let from = 0;
      for (const token of htmlTokens(Lexer.lex(markdown, { gfm: true }), [])) {
        const raw = token.block ? token.raw.trimEnd() : token.raw;
        const at = output.indexOf(raw, from);
        if (at < 0) continue;
        const text = token.block ? `<p>${escapeHtml(raw.trim())}</p>` : escapeHtml(raw);
        output = output.slice(0, at) + text + output.slice(at + raw.length);
        from = at + text.length;
      }
      return output;
    },
  },
  {
    name: 'Images are links',
    why: 'No image is ever loaded from an answer: a prompt-injected image URL would send the conversation away as soon as it rendered. `![alt](url)` renders as a link to the image with the alt text.',
    adjust: (expected) =>
      expected.replace(
        /<img src="([^"]*)" alt="([^"]*)"( title="[^"]*")? \/>/g,
        '<a href="$1"$3>$2</a>',
      ),
  },
  {
    name: 'Only absolute http(s) and mailto links are links',
    why: 'Relative URLs would resolve against the host page, and other schemes (javascript:, data:…) are unsafe: such links show their text only.',
    adjust(expected) {
      // Innermost links first (an image link inside a link).
      const innermost = /<a href="([^"]*)"(?: title="[^"]*")?>((?:(?!<a )[\s\S])*?)<\/a>/g;
      let output = expected;
      for (let previous = ''; previous !== output; ) {
        previous = output;
        output = output.replace(innermost, (link, href: string, text: string) =>
          /^(?:https?:\/\/|mailto:)/i.test(href) ? link.replace('<a ', '<a\0') : text,
        );
      }
      return output.replace(/<a\0/g, '<a ');
    },
  },
  {
    name: 'GFM literal autolinks',
    why: 'GitHub Flavored Markdown links bare `https://…`, `www.…` and e-mail addresses, as LLM answers expect; CommonMark leaves them as text.',
    examples: [602, 608, 611, 612],
  },
  {
    name: 'Rare named character references stay as typed',
    why: "Only HTML's Latin-1 names and common punctuation are decoded (`&copy;`, `&mdash;`): the full table of 2,125 names would cost ≈ 10 KB gzip, more than the rest of the Markdown chunk. Any other name (`&HilbertSpace;`) shows as typed; numeric references (`&#8459;`) always work.",
    examples: [25],
  },
];

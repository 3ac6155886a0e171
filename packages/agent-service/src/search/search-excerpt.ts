import type { SearchHighlight } from '@agent-chat/protocol';
import { lexemesOf, stemOf } from '../lexical-index/index.js';

/** Longest excerpt, in characters: one or two lines of the search modal. */
const EXCERPT_LENGTH = 160;
/** Characters of context kept before the first matched word of the excerpt. */
const LEAD = 40;

/** An excerpt of a section and where it matched, as a search result carries them. */
export interface SearchExcerpt {
  excerpt: string;
  highlights: SearchHighlight[];
}

/** Markdown's inline and block syntax outside code blocks, as the text a reader sees. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, ' ')
    .replace(/`|(\*{1,3}|_{2,3})(?=\S)|(?<=\S)(\*{1,3}|_{2,3})/g, '')
    .replace(/\|/g, ' ');
}

/**
 * A chunk's Markdown as the plain text a reader sees: heading and list markers, emphasis,
 * inline code ticks, images' and links' targets, tables' pipes and HTML tags dropped outside
 * code blocks; code blocks kept as their code, without their fences; white space collapsed.
 */
export function plainTextOf(markdown: string): string {
  const parts = markdown.split(/^\s*(?:```|~~~).*$/m);
  return parts
    .map((part, index) => (index % 2 === 1 ? part : proseOf(part)))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One or two lines of a section around the words that matched a search, and where they are:
 * the window of {@link EXCERPT_LENGTH} characters that holds the most distinct matched terms
 * (a word matches when it stems to one of the query's terms, or starts with the typed prefix),
 * cut at word boundaries, with "…" where text was cut. Highlights are ranges of the excerpt,
 * to be marked as text, never as HTML.
 *
 * @example
 * searchExcerpt('Set `setupFiles` in the config.', 'setup conf', 'conf').highlights // the two words
 */
export function searchExcerpt(
  markdown: string,
  query: string,
  prefix: string | undefined,
): SearchExcerpt {
  const text = plainTextOf(markdown);
  const terms = new Set(lexemesOf(query).map((item) => item.lexeme));
  // Porter2 keeps a word's first character: a word starting with another than every term's
  // cannot stem to one, and is not stemmed (most of a section's words).
  const termStarts = new Set([...terms].map((term) => term.charAt(0)));
  const matches: { start: number; end: number; term: string }[] = [];
  for (const found of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = found[0].toLowerCase();
    const stem = termStarts.has(word.charAt(0)) ? stemOf(word) : '';
    const term = terms.has(stem) ? stem : prefix && word.startsWith(prefix) ? prefix : undefined;
    if (term !== undefined) {
      matches.push({ start: found.index, end: found.index + found[0].length, term });
    }
  }
  let from = 0;
  let best = -1;
  for (const match of matches) {
    const start = Math.max(0, match.start - LEAD);
    const inside = new Set(
      matches
        .filter((other) => other.start >= start && other.end <= start + EXCERPT_LENGTH)
        .map((other) => other.term),
    );
    if (inside.size > best) {
      best = inside.size;
      from = start;
    }
  }
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space === -1 || space > from + LEAD ? from : space + 1;
  }
  let to = Math.min(text.length, from + EXCERPT_LENGTH);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from + EXCERPT_LENGTH / 2) to = space;
  }
  const head = from > 0 ? '…' : '';
  const excerpt = `${head}${text.slice(from, to).trimEnd()}${to < text.length ? '…' : ''}`;
  const shift = head.length - from;
  const highlights: SearchHighlight[] = matches
    .filter((match) => match.start >= from && match.end <= to)
    .map((match) => [match.start + shift, match.end + shift]);
  return { excerpt, highlights };
}

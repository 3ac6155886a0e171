import type { Source } from '@agent-chat/protocol';
import type { ComponentChildren } from 'preact';
import { safeHref } from './safe-href.js';

/** Where a citation `[n]` of an answer links: its n-th source, resolved for rendering. */
export interface CitationTarget {
  /** The source's http(s) URL, with `#page=N` when the source names a page. */
  href: string;
  /** The source's title (its datasource name, else the URL's host). */
  title: string;
  /** Accessible name of the link, e.g. "Source 1: Pricing". */
  label: string;
}

const citationPattern = /\[(\d{1,3})\]/g;
const citationLike = /\[\d{1,3}\]/;
// `[docs][1]`: a bracketed text right before `[n]` makes `[n]` a reference link's label.
const labelBefore = /\[([^[\]]*)\]$/;

/** True when a text has something that looks like a citation `[n]`: cheap, on raw Markdown. */
export function mayCite(text: string): boolean {
  return citationLike.test(text);
}

function citationHref(source: Source): string | undefined {
  const url = typeof source.source_url === 'string' ? source.source_url : '';
  const href = safeHref(url, false);
  if (!href) return undefined;
  const page = source.page_number;
  const hasPage = typeof page === 'number' && Number.isInteger(page) && page > 0;
  // A heading anchor arrives in the URL itself (`…/page#section`); a page number of a
  // document (a PDF) becomes the `#page=N` fragment that PDF viewers open at.
  return hasPage && !href.includes('#') ? `${href}#page=${page}` : href;
}

/**
 * Resolves an answer's sources into citation targets, in order (`[1]` is the first source).
 * A source without an http(s) URL (or that is not an object) has no target: its citations
 * stay plain text. `label` is the accessible name, with `{n}` and `{title}` replaced.
 *
 * @example citationTargets(message.sources, 'Source {n}: {title}')
 */
export function citationTargets(
  sources: readonly Source[],
  label: string,
): (CitationTarget | undefined)[] {
  return sources.map((source, index) => {
    if (typeof source !== 'object' || source === null) return undefined;
    const href = citationHref(source);
    if (!href) return undefined;
    const name = typeof source.datasource_name === 'string' ? source.datasource_name.trim() : '';
    const title = name || new URL(href).host;
    const n = String(index + 1);
    return { href, title, label: label.replace('{n}', n).replace('{title}', title) };
  });
}

function isLabel(before: string): boolean {
  const match = labelBefore.exec(before);
  return match !== null && !/^\d{1,3}$/.test(match[1] ?? '');
}

/**
 * A run of plain answer text with each citation `[n]` that has a target turned into a link
 * to it; other text (and `[n]` without a target, or used as a reference link's label) stays
 * text. `plain` renders the text between the links.
 */
export function renderCitations(
  text: string,
  targets: readonly (CitationTarget | undefined)[],
  plain: (text: string) => ComponentChildren,
): ComponentChildren {
  const parts: ComponentChildren[] = [];
  let from = 0;
  for (const match of text.matchAll(citationPattern)) {
    const target = targets[Number(match[1]) - 1];
    if (!target || isLabel(text.slice(0, match.index))) continue;
    if (match.index > from) parts.push(plain(text.slice(from, match.index)));
    parts.push(
      <a
        class="citation"
        href={target.href}
        title={target.title}
        aria-label={target.label}
        target="_blank"
        rel="noopener noreferrer"
      >
        {match[0]}
      </a>,
    );
    from = match.index + match[0].length;
  }
  if (from === 0) return plain(text);
  if (from < text.length) parts.push(plain(text.slice(from)));
  return parts;
}

import type { Root } from 'hast';
import { parseHeadingLine } from '../../markdown/index.js';
import { findElements, textOf } from './html-tree.js';

/**
 * Separators between a page's name and its section's or site's in a `<title>`: "Install |
 * Acme Docs", "Install — Acme 2.0 documentation" (Sphinx), "Install · Acme". A hyphen is
 * not one: "Auto-Cleanup", "Migrating from v1 - v2" are names.
 */
export const TITLE_SEPARATOR = /\s+[|·•—–]\s+/;

/** Lower case, whitespace collapsed: how two titles are compared. */
export const comparable = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The document's own title, from the page's `<title>` and its first `<h1>`: the heading
 * when the title holds it ("Install | Acme Docs" for the page whose `<h1>` is "Install");
 * the title's part that begins the heading when one does ("coverage | Config | Acme" for
 * the `<h1>` "coverage" followed by a badge's text); never the heading when it is the
 * site's name after the page's ("Install — Acme documentation" with a theme's header `<h1>`
 * "Acme documentation": "Install"); otherwise the title's first part,
 * without the section's or the site's name after it ("Advanced API | Guide | Acme" for a
 * page without an `<h1>`, or whose `<h1>` says something else); with neither, `undefined`.
 */
export function documentTitle(
  title: string | undefined,
  heading: string | undefined,
): string | undefined {
  if (title === undefined) return heading;
  const parts = title.split(TITLE_SEPARATOR).filter((part) => part !== '');
  if (heading !== undefined && namesSite(title, heading)) {
    const whole = title.replace(/\s+/g, ' ').trim();
    if (parts.length > 1 || !whole.toLowerCase().endsWith(comparable(heading))) return parts[0];
    // "Install - Acme documentation": the title without the site's name and its dash.
    return whole
      .slice(0, whole.length - comparable(heading).length)
      .replace(/\s[-:]\s?$/, '')
      .trim();
  }
  if (heading !== undefined) {
    const own = comparable(heading);
    if (comparable(title).includes(own)) return heading;
    const begun = parts.find((part) => startsWithWords(own, comparable(part)));
    if (begun !== undefined) return begun;
  }
  return parts[0] ?? title;
}

/**
 * Whether `heading` names the site (or the section) rather than the page titled `title`:
 * it is a part of the title after the page's name ("Acme Docs" in "Install | Guide | Acme
 * Docs"), or the title ends with it after a dash or colon ("Install - Acme Docs").
 */
export function namesSite(title: string | undefined, heading: string): boolean {
  const own = comparable(heading);
  if (title === undefined || own === '') return false;
  const parts = title.split(TITLE_SEPARATOR);
  if (parts.slice(1).some((part) => comparable(part) === own)) return true;
  const whole = comparable(title);
  return (
    whole.length > own.length &&
    whole.endsWith(own) &&
    /[\p{L}\p{N}].*\s[-:|·•—–]\s?$/u.test(whole.slice(0, -own.length))
  );
}

/** Whether `text` begins with `prefix` followed by the end or a non-word character. */
export function startsWithWords(text: string, prefix: string): boolean {
  if (prefix.length < 3 || !text.startsWith(prefix)) return false;
  const after = text.charAt(prefix.length);
  return after === '' || !/[\p{L}\p{N}_]/u.test(after);
}

/** The text of the page's `<title>`, whitespace collapsed, or `undefined`. */
export function pageTitle(tree: Root): string | undefined {
  const titleElement = findElements(tree, (element) => element.tagName === 'title')[0];
  const title = titleElement ? textOf(titleElement).replace(/\s+/g, ' ').trim() : '';
  return title || undefined;
}

/** The text of the first `<h1>` of `tree`, whitespace collapsed, or `undefined`. */
export function firstHeading(tree: Root): string | undefined {
  const heading = findElements(tree, (element) => element.tagName === 'h1')[0];
  const title = heading ? textOf(heading).replace(/\s+/g, ' ').trim() : '';
  return title || undefined;
}

/**
 * A reference entry's name line: `TRUNCATE — empty a table or set of tables`. One dash, and
 * no full stop at the end: "Install — or upgrade — the client with pip." is a sentence.
 */
const NAME_LINE = /^([^—–]+?)\s+[—–-]\s+([^—–]{3,150}?)$/u;

/**
 * The page's title with its one-line summary, when the page opens with one: man pages and
 * DocBook's reference entries (`<div class="refnamediv">`) begin with the entry's name (or
 * names, its own first), a dash and what it does ("TRUNCATE — empty a table or set of
 * tables" on the page titled "TRUNCATE"; "git-commit - Record changes to the repository").
 * Every section of the page is titled with it (`TRUNCATE — empty a table or set of tables ›
 * Parameters`), so a question in the summary's words finds the page's sections as well as
 * its name does; the line leaves the text, which would only repeat the title. Otherwise the
 * title and the text as they are. `markdown` is the page's content; a heading that repeats
 * the title may come first.
 */
export function summarizedTitle(
  title: string,
  markdown: string,
): { title: string; markdown: string } {
  const lines = markdown.split('\n');
  const filled = lines.flatMap((line, index) => (line.trim() === '' ? [] : [index]));
  const [firstLine = -1, secondLine = -1] = filled;
  const heading = parseHeadingLine(lines[firstLine] ?? '');
  const repeatsTitle = heading !== undefined && comparable(heading.text) === comparable(title);
  const at = repeatsTitle ? secondLine : firstLine;
  const match = NAME_LINE.exec(lines[at]?.trim() ?? '');
  const [names = '', summary = ''] = match?.slice(1) ?? [];
  if (/[.!?:]$/u.test(summary)) return { title, markdown };
  // The entry's names, the title first: "SELECT, TABLE, WITH — retrieve rows from a table".
  if (comparable(names.split(',')[0] ?? '') !== comparable(title)) return { title, markdown };
  return {
    title: `${names.trim()} — ${summary.trim()}`,
    markdown: lines
      .filter((line, index) => index !== at && (index !== at + 1 || line.trim() !== ''))
      .join('\n'),
  };
}

import type { Element, ElementContent, Root } from 'hast';
import { findElements, rowCells, tableRows, textOf } from './html-tree.js';

/** Elements that start a block of their own: inside a table cell they are read as a run of text. */
const blockTags = new Set([
  'address',
  'article',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);

const text = (value: string): ElementContent => ({ type: 'text', value });

/** Inline code holding `value`, its whitespace collapsed (a cell is one line). */
const inlineCode = (value: string): Element => ({
  type: 'element',
  tagName: 'code',
  properties: {},
  children: [text(value.replace(/\s+/g, ' ').trim())],
});

/** A cell's content as one line of inline content (see {@link flattenTableCells}). */
function inlineContent(children: readonly ElementContent[]): ElementContent[] {
  const inline: ElementContent[] = [];
  for (const child of children) {
    if (child.type === 'text') {
      inline.push(text(child.value.replace(/\s+/g, ' ')));
    } else if (child.type !== 'element') {
      // Comments say nothing in a cell.
    } else if (child.tagName === 'br' || child.tagName === 'hr') {
      inline.push(text(' '));
    } else if (child.tagName === 'pre') {
      inline.push(text(' '), inlineCode(textOf(child)), text(' '));
    } else if (child.tagName === 'ul' || child.tagName === 'ol') {
      const items = child.children.filter(
        (item): item is Element => item.type === 'element' && item.tagName === 'li',
      );
      inline.push(text(' '));
      items.forEach((item, index) => {
        if (index > 0) inline.push(text('; '));
        inline.push(...inlineContent(item.children));
      });
      inline.push(text(' '));
    } else if (blockTags.has(child.tagName) || child.tagName === 'li') {
      inline.push(text(' '), ...inlineContent(child.children), text(' '));
    } else {
      inline.push({ ...child, children: inlineContent(child.children) });
    }
  }
  return inline;
}

/**
 * Reads every table cell as one line, in place: a Markdown table row is one line, so a
 * cell's paragraphs, line breaks, lists and code blocks — which reference tables of options
 * often hold ("Where files go." then "Relative to the root.") — would otherwise run
 * together ("go.Relative") or break the row over several lines (a list item of the cell
 * on a line of its own ends the table). Paragraphs and breaks become spaces, a list's items
 * are joined by `; `, a code block becomes inline code.
 */
export function flattenTableCells(root: Root): void {
  for (const cell of findElements(
    root,
    (element) => element.tagName === 'td' || element.tagName === 'th',
  )) {
    cell.children = inlineContent(cell.children);
  }
}

/**
 * Gives a table without a header row (no `<thead>`, no `<th>` in its first row) its first
 * row as the header, in place: Markdown tables need one, and the first row names the
 * columns far more often than not (Word and many CMSs never mark header rows).
 */
export function promoteHeaderRow(table: Element): void {
  if (table.children.some((child) => child.type === 'element' && child.tagName === 'thead')) {
    return;
  }
  const first = tableRows(table)[0];
  const cells = first ? rowCells(first) : [];
  if (cells.length === 0 || cells.some((cell) => cell.tagName === 'th')) return;
  for (const cell of cells) cell.tagName = 'th';
}

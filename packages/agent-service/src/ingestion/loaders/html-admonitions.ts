import type { Element, ElementContent, Root } from 'hast';
import { classesOf, rowCells, tableRows, textOf } from './html-tree.js';

// The title line of an admonition ("Note", "tip", "WARNING") as generators mark it:
// Sphinx and MkDocs `admonition-title`, VitePress `custom-block-title`, Docusaurus
// `admonitionHeading_<hash>`, Starlight `starlight-aside__title` (when not hidden: the aside's
// label names it then), and `callout-title` (Obsidian-style callouts).
const titleClass =
  /^(?:admonition-title|admonition-heading|custom-block-title|callout-title|starlight-aside__title|admonitionHeading(?:_\w+)?)$/;

// The kinds of admonition DocBook and AsciiDoc name in a block's class: DocBook's
// `<div class="tip"><h3 class="title">Tip</h3><p>…`, AsciiDoc's `admonitionblock tip`.
const admonitionKinds = new Set(['note', 'tip', 'warning', 'caution', 'important']);

/**
 * Whether an element is an admonition's title line (see {@link titleClass}), or DocBook's:
 * a `title` heading first in a `note`/`tip`/`warning`/`caution`/`important` block.
 */
export function isAdmonitionTitle(element: Element, parent?: Element | Root): boolean {
  const classes = classesOf(element);
  if (classes.some((name) => titleClass.test(name))) return true;
  return (
    /^h[1-6]$/.test(element.tagName) &&
    classes.includes('title') &&
    parent?.type === 'element' &&
    classesOf(parent).some((name) => admonitionKinds.has(name)) &&
    parent.children.find((child) => child.type === 'element') === element
  );
}

function firstParagraph(element: Element): Element | undefined {
  if (element.tagName === 'p') return element;
  for (const child of element.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'ul' || child.tagName === 'ol' || child.tagName === 'pre')
      return undefined;
    const found = firstParagraph(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * Starts the first paragraph of `block` (that paragraph itself, or a wrapper holding it) with
 * an admonition's label in bold: "**Note:** Snapshots taken …". Returns whether it did (no
 * label, or no paragraph before a list or code: nothing). In place.
 */
function leadWithLabel(label: string, block: ElementContent | undefined): boolean {
  const text = label.replace(/\s+/g, ' ').trim().replace(/:$/, '');
  if (!text || block?.type !== 'element') return false;
  const paragraph = firstParagraph(block);
  if (!paragraph) return false;
  paragraph.children.unshift(
    {
      type: 'element',
      tagName: 'strong',
      properties: {},
      children: [{ type: 'text', value: `${text}:` }],
    },
    { type: 'text', value: ' ' },
  );
  return true;
}

/**
 * Reads an admonition's title as the start of its text: "**Note:** Snapshots taken
 * during compaction …" rather than a line "Note" of its own, which an answer could quote
 * alone. The title goes into the first paragraph of `next` (the element after the title:
 * that paragraph itself, or the admonition's content wrapper); returns whether it did, so
 * that the caller drops the title element. In place.
 */
export function mergeAdmonitionTitle(title: Element, next: ElementContent | undefined): boolean {
  return leadWithLabel(textOf(title), next);
}

/**
 * AsciiDoc's admonitions (asciidoc-py and Asciidoctor: Git's manual, Antora sites) are a
 * one-row table, `<div class="admonitionblock note"><table><tr><td class="icon"><div
 * class="title">Note</div></td><td class="content">…`, which would be read as a table of
 * two cells. The block becomes its content, led by "**Note:**" (the icon cell's text, its
 * icon's `title`, or the kind in the block's class). In place; returns whether it did.
 */
export function unwrapAsciiDocAdmonition(block: Element): boolean {
  const classes = classesOf(block);
  if (!classes.includes('admonitionblock')) return false;
  const table = block.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'table',
  );
  if (table === undefined) return false;
  const cells = tableRows(table).flatMap(rowCells);
  const icon = cells.find((cell) => classesOf(cell).includes('icon'));
  const content = cells.find((cell) => classesOf(cell).includes('content'));
  if (icon === undefined || content === undefined) return false;
  const iconTitle = (element: Element): string | undefined => {
    if (typeof element.properties.title === 'string') return element.properties.title;
    for (const child of element.children) {
      if (child.type !== 'element') continue;
      const found = iconTitle(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const label =
    textOf(icon).replace(/\s+/g, ' ').trim() ||
    iconTitle(icon) ||
    classes.find((name) => admonitionKinds.has(name)) ||
    '';
  // asciidoc-py writes the text straight into the cell: a paragraph to lead.
  const blocks = content.children.some(
    (child) => child.type === 'element' && /^(?:p|div|ul|ol|pre|table)$/.test(child.tagName),
  );
  block.children = blocks
    ? content.children
    : [{ type: 'element', tagName: 'p', properties: {}, children: content.children }];
  leadWithLabel(label, block);
  return true;
}

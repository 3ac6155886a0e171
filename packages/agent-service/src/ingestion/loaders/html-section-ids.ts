import type { Element, Root } from 'hast';
import { headingTags } from './html-chrome.js';

// Wrappers a heading may sit in at the top of its block: DocBook's
// `<div class="titlepage"><div><div><h3>`, `<header>`, `<hgroup>`.
const wrapperTags = new Set(['div', 'header', 'hgroup']);
// Blocks whose id names the section their first heading opens.
const blockTags = new Set(['div', 'section', 'article']);

// DocBook nests a title three wrappers deep; deeper is not a title page.
const maxWrapperDepth = 4;

// Ids that name a part of the page's layout, not a section: a heading opening one keeps
// none (Asciidoctor's `<div id="header"><h1>`).
const layoutId = /^(?:header|content|main|page|container|wrapper|top|app|root|layout|body)$/i;

/** Whether an element holds no text (stops at the first text it meets). */
function isBlank(element: Element): boolean {
  const stack: Element[] = [element];
  while (stack.length > 0) {
    for (const child of (stack.pop() as Element).children) {
      if (child.type === 'text' && child.value.trim() !== '') return false;
      if (child.type === 'element') stack.push(child);
    }
  }
  return true;
}

/**
 * The heading a block opens with: the first thing in it, at most inside wrappers, with
 * only empty elements (label anchors, index terms, empty title pages) before it.
 */
function leadingHeading(block: Element, depth = 0): Element | undefined {
  for (const child of block.children) {
    if (child.type === 'text') {
      if (child.value.trim() !== '') return undefined;
      continue;
    }
    if (child.type !== 'element') continue;
    if (headingTags.has(child.tagName)) return child;
    if (wrapperTags.has(child.tagName) && depth < maxWrapperDepth) {
      const inner = leadingHeading(child, depth + 1);
      if (inner !== undefined) return inner;
    }
    if (!isBlank(child)) return undefined;
  }
  return undefined;
}

/**
 * The id each heading takes from the block it opens, when it has none of its own: Sphinx
 * writes `<section id="x"><h2>`, DocBook (PostgreSQL's manual, many older sites)
 * `<div class="sect2" id="x"><div class="titlepage"><div><div><h3>` and
 * `<div class="refsect1" id="x"><h2>`. The innermost block wins.
 */
export function blockHeadingIds(tree: Root): WeakMap<Element, string> {
  const ids = new WeakMap<Element, string>();
  // Depth first in document order: an inner block is seen after its outer one.
  const stack: (Element | Root)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Element | Root;
    const id = node.type === 'element' ? node.properties.id : undefined;
    if (
      node.type === 'element' &&
      blockTags.has(node.tagName) &&
      typeof id === 'string' &&
      id &&
      !layoutId.test(id)
    ) {
      const heading = leadingHeading(node);
      if (heading !== undefined) ids.set(heading, id);
    }
    for (let index = node.children.length - 1; index >= 0; index--) {
      const child = node.children[index];
      if (child?.type === 'element') stack.push(child);
    }
  }
  return ids;
}

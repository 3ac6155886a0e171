import type { Element, ElementContent, Root } from 'hast';
import { headingTags } from './html-chrome.js';
import { comparable, namesSite, TITLE_SEPARATOR } from './html-title.js';
import { findElements, textOf } from './html-tree.js';

const hasWords = (value: string) => /[\p{L}\p{N}]/u.test(value);

// Whether every word of the heading is the text of a link to another page (`<h1><a
// href="index.html">Acme documentation</a></h1>`: the site's name linking home), a
// permalink to the heading itself (`href="#…"`) aside.
function isLinkedAway(heading: Element): boolean {
  let away = false;
  const loose = (node: ElementContent): boolean => {
    if (node.type === 'text') return hasWords(node.value);
    if (node.type !== 'element') return false;
    if (node.tagName === 'a') {
      const href = node.properties.href;
      if (typeof href !== 'string' || href.startsWith('#')) return false;
      if (hasWords(textOf(node))) away = true;
      return false;
    }
    return node.children.some(loose);
  };
  return !heading.children.some(loose) && away;
}

// Whether the heading is the page's name, the first part of its <title>.
function namesPage(title: string | undefined, heading: string): boolean {
  const name = title?.split(TITLE_SEPARATOR)[0];
  return name !== undefined && comparable(name) === comparable(heading);
}

/** A node and its ancestors, found by walking down from `root` (no parent links in hast). */
function pathTo(root: Element | Root, target: Element): (Element | Root)[] | undefined {
  const path: (Element | Root)[] = [];
  const walk = (node: Element | Root): boolean => {
    path.push(node);
    if (node === target) return true;
    for (const child of node.children) {
      if (child.type === 'element' && walk(child)) return true;
    }
    path.pop();
    return false;
  };
  return walk(root) ? path : undefined;
}

// The headings inside `node` other than `except`, and every element holding one of them.
function headingHolders(
  node: Element | Root,
  except: Element,
): { headings: Element[]; holders: Set<Element | Root> } {
  const headings: Element[] = [];
  const holders = new Set<Element | Root>();
  const path: (Element | Root)[] = [];
  const walk = (current: Element | Root) => {
    path.push(current);
    for (const child of current.children) {
      if (child.type !== 'element') continue;
      if (!headingTags.has(child.tagName)) walk(child);
      else if (child !== except) {
        headings.push(child);
        for (const holder of path) holders.add(holder);
      }
    }
    path.pop();
  };
  walk(node);
  return { headings, holders };
}

// Text outside links and headings, from this length on, makes a block content rather than
// a header (a tagline is shorter; a post's paragraphs are longer).
const HEADER_TEXT = 160;

function looseText(node: ElementContent): number {
  if (node.type === 'text') return node.value.replace(/\s+/g, '').length;
  if (node.type !== 'element' || node.tagName === 'a' || headingTags.has(node.tagName)) return 0;
  return node.children.reduce((sum, child) => sum + looseText(child), 0);
}

/**
 * Removes the page header of a theme that puts the site's name in an `<h1>` above the
 * content's own heading (Sphinx's haiku and scrolls themes and many custom ones:
 * `<div class="header"><h1><a href="index.html">Acme 2.0 documentation</a></h1>…</div>`),
 * in place: otherwise every page is titled with the site's name, every heading path starts
 * with it and the header's links are read as the page's text.
 *
 * The site's heading is the content's first `<h1>` when it names the site (`namesSite`: it
 * is the part of the page's `<title>` after the page's name, "Install — **Acme 2.0
 * documentation**"), or when another `<h1>` follows and all its words link to another page
 * (unless it is the page's name). What is removed is that heading with the largest block
 * around it that holds none of the page's other headings and under 160 characters of text
 * besides links and headings (the header's navigation and version switcher go with it; a
 * post's paragraphs stay). A page whose first `<h1>` is its own title is left alone. Works
 * on whatever element holds the content (`<main>`, `role="main"`, `<body>`), so it does not
 * depend on how a theme marks it.
 */
export function dropSiteHeader(content: Element | Root, title: string | undefined): void {
  const h1s = findElements(content, (element) => element.tagName === 'h1');
  const first = h1s[0];
  if (first === undefined) return;
  const site = namesSite(title, textOf(first));
  const linkedAway = h1s.length > 1 && isLinkedAway(first) && !namesPage(title, textOf(first));
  if (!site && !linkedAway) return;
  const path = pathTo(content, first);
  if (path === undefined) return;
  const { headings, holders } = headingHolders(content, first);
  let block = path.length - 1;
  if (headings.length > 0) {
    // Climb from the heading while the parent holds none of the page's other headings.
    while (block > 1) {
      const parent = path[block - 1] as Element | Root;
      if (parent === content || holders.has(parent)) break;
      block--;
    }
    while (block < path.length - 1 && looseText(path[block] as Element) >= HEADER_TEXT) block++;
  }
  const removed = path[block] as Element;
  const parent = path[block - 1] as Element | Root;
  parent.children = parent.children.filter((child) => child !== removed) as typeof parent.children;
}

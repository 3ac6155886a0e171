import type { Element, ElementContent, Root, RootContent } from 'hast';
import {
  isAdmonitionTitle,
  mergeAdmonitionTitle,
  unwrapAsciiDocAdmonition,
} from './html-admonitions.js';
import { apiEntriesAsSections, isApiEntryHeading, isApiEntryList } from './html-api-entries.js';
import { headingTags, isChrome, isHidden, sectioningTags } from './html-chrome.js';
import {
  captionWithoutScreenReaderText,
  isCodeCaption,
  isLanguageLabel,
  labelCodeLanguage,
  lineNumberedCode,
  normalizeCodeBlock,
} from './html-code-blocks.js';
import { revealDisclosurePanels } from './html-disclosures.js';
import { blockHeadingIds } from './html-section-ids.js';
import { revealTabPanels } from './html-tabs.js';
import {
  classesOf,
  findElements,
  isMostlyLinks,
  rowCells,
  tableRows,
  textOf,
} from './html-tree.js';

// Inline elements that mean nothing in Markdown: replaced by their content, which keeps
// the tree small (the Markdown conversion slows down sharply with many siblings). Links
// are among them: a passage keeps a link's text, not its target.
const transparentTags = new Set([
  'a',
  'span',
  'font',
  'small',
  'big',
  'abbr',
  'acronym',
  'mark',
  'u',
  'ins',
  'cite',
  'dfn',
  'time',
  'data',
  'bdi',
  'bdo',
  'nobr',
  'wbr',
  'q',
  'var',
  'samp',
  'kbd',
  'sub',
  'sup',
]);

// Containers that say nothing once empty.
const droppedWhenEmpty = new Set([
  'div',
  'section',
  'article',
  'header',
  'p',
  'ul',
  'ol',
  'li',
  'blockquote',
  'em',
  'i',
  'strong',
  'b',
  'code',
  'pre',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'details',
  'center',
]);

const hasWords = (value: string) => /[\p{L}\p{N}]/u.test(value);

// A heading's own id (Docusaurus, VitePress, MkDocs, plain `<hN id>`), else an id/name
// anchor inside it (Nextra's `subheading-anchor`, old `<a name>`), else the target of its
// permalink ("¶", "#"), else the id of the block it opens (see blockHeadingIds).
function headingId(heading: Element, blockIds: WeakMap<Element, string>): string | undefined {
  const own = heading.properties.id;
  if (typeof own === 'string' && own) return own;
  for (const child of heading.children) {
    if (child.type !== 'element' || child.tagName !== 'a') continue;
    const { id, name, href } = child.properties;
    if (typeof id === 'string' && id) return id;
    if (typeof name === 'string' && name) return name;
    if (typeof href === 'string' && href.startsWith('#') && href.length > 1) {
      return decodeURIComponent(href.slice(1));
    }
  }
  return blockIds.get(heading);
}

// How generators name a permalink in its class, aria-label or title: Docusaurus
// `hash-link` "Direct link to …", VitePress `header-anchor` "Permalink to …", MkDocs and
// Sphinx `headerlink` "Permanent link" / "Link to this heading", Nextra
// `subheading-anchor` "Permalink for this section", AnchorJS `anchorjs-link`.
const permalinkName =
  /permalink|permanent link|direct link|link to (?:this )?(?:heading|section)|anchor|hash-?link|headerlink/i;

function names(element: Element): string {
  const { ariaLabel, title } = element.properties;
  const classes = classesOf(element);
  return [...classes, ariaLabel, title].filter((name) => typeof name === 'string').join(' ');
}

// A permalink anchor inside a heading links to a fragment and is not heading text: it
// shows only a glyph ("¶", "#", "🔗", a zero-width space) or nothing, or it names itself a
// permalink while the heading has words of its own besides (so a heading whose whole
// text is a link to itself keeps that text).
function isPermalink(node: ElementContent, heading: Element): boolean {
  if (node.type !== 'element') return false;
  // Wrapped in a span of its own (Node.js's API docs: `<span><a class="mark" href="#x">#</a></span>`).
  if (node.tagName === 'span') {
    const inner = node.children.filter((child) => child.type === 'element');
    const loose = node.children.some((child) => child.type === 'text' && hasWords(child.value));
    return inner.length === 1 && !loose && isPermalink(inner[0] as Element, heading);
  }
  if (node.tagName !== 'a') return false;
  const href = node.properties.href;
  if (typeof href !== 'string' || !href.startsWith('#')) return false;
  if (!hasWords(textOf(node))) return true;
  if (!permalinkName.test(names(node))) return false;
  return heading.children.some((child) => child !== node && hasWords(textOf(child)));
}

// A permalink placed right after its heading rather than inside it (Starlight wraps both:
// `<div class="sl-heading-wrapper"><h2 id="x">…</h2><a href="#x">Section titled …</a>`):
// a link to the id of the heading just before it.
function isPermalinkAfter(node: Element, previous: ElementContent | RootContent | undefined) {
  if (node.tagName !== 'a' || previous?.type !== 'element') return false;
  if (!headingTags.has(previous.tagName)) return false;
  const { href } = node.properties;
  const id = previous.properties.id;
  if (typeof href !== 'string' || typeof id !== 'string' || !href.startsWith('#')) return false;
  const target = href.slice(1);
  if (target === id) return true;
  try {
    return decodeURIComponent(target) === id;
  } catch {
    return false; // a malformed %-escape: not a link to this heading
  }
}

// A button inside a heading is the heading's text (an accordion's question: Bootstrap's
// `<h2 class="accordion-header"><button>…</button></h2>`), not a control to drop.
function unwrapButtons(node: Element): void {
  node.children = node.children.flatMap((child) => {
    if (child.type !== 'element') return [child];
    unwrapButtons(child);
    return child.tagName === 'button' ? child.children : [child];
  });
}

// Zero-width characters that generators put into headings (VitePress and Docusaurus
// permalinks hold a zero-width space): invisible, but they would stick to words.
const zeroWidth = /[\u200B-\u200D\u2060\uFEFF]/g;

function dropZeroWidth(node: Element): void {
  for (const child of node.children) {
    if (child.type === 'text') child.value = child.value.replace(zeroWidth, '');
    else if (child.type === 'element') dropZeroWidth(child);
  }
}

// A table without a header row (no <thead>, no <th> in its first row) gets its first row
// as the header: Markdown tables need one, and the first row names the columns far more
// often than not (Word and many CMSs never mark header rows).
function promoteHeaderRow(table: Element): void {
  if (table.children.some((child) => child.type === 'element' && child.tagName === 'thead')) {
    return;
  }
  const first = tableRows(table)[0];
  const cells = first ? rowCells(first) : [];
  if (cells.length === 0 || cells.some((cell) => cell.tagName === 'th')) return;
  for (const cell of cells) cell.tagName = 'th';
}

// Lists and quotes nested deeper than this are read as plain blocks: every level of
// Markdown nesting indents everything inside it again.
const maxContainerNesting = 12;
const containerTags = new Set(['ul', 'ol', 'blockquote', 'dl']);

// Emphasis inside emphasis is read as its text: Markdown cannot say much more, and the
// Markdown writer's cost grows steeply with nested emphasis (200 nested <b>: a minute).
const formattingTags = new Set(['strong', 'b', 'em', 'i', 's', 'del', 'strike', 'code', 'tt']);

// A page without <main> or a single <article> is read from <body>, sidebar included
// unless its markup names it (Node.js's API docs: `<div id="column2" class="interior">`, a
// list of every module): there, a <div> of this many links or more that is mostly link
// text and holds no page heading (h1, h2: a wrapper of a short page and its sidebar does)
// is navigation.
const LINK_COLUMN_LINKS = 10;

function isLinkColumn(element: Element): boolean {
  if (element.tagName !== 'div') return false;
  const links = findElements(element, (child) => child.tagName === 'a').length;
  if (links < LINK_COLUMN_LINKS || !isMostlyLinks(element)) return false;
  return (
    findElements(element, (child) => child.tagName === 'h1' || child.tagName === 'h2').length === 0
  );
}

/** Where {@link prune} is in the tree. */
interface PruneContext {
  /** Inside article/section/main: a <header> there is content. */
  inSection: boolean;
  /** How many lists/quotes enclose this node. */
  containerDepth: number;
  /** Inside an emphasis or inline code element. */
  inFormatting: boolean;
  /** The level of the last heading read so far (document order), shared by the whole walk. */
  section: { level: number };
  /** The id each heading takes from the block it opens (see blockHeadingIds). */
  blockIds: WeakMap<Element, string>;
  /** Read from <body> (no <main>, no single <article>): link columns are navigation. */
  pageWide: boolean;
}

function prune(
  parent: Element | Root,
  context: PruneContext,
  grandparent: Element | Root | undefined,
): void {
  if (parent.type === 'element' && headingTags.has(parent.tagName)) {
    if (!isApiEntryHeading(parent)) context.section.level = Number(parent.tagName.charAt(1));
    let id: string | undefined;
    try {
      id = headingId(parent, context.blockIds);
    } catch {
      id = undefined; // a malformed %-escape in a permalink: no anchor rather than a failure
    }
    const heading = parent;
    unwrapButtons(heading);
    heading.children = heading.children.filter((child) => !isPermalink(child, heading));
    dropZeroWidth(heading);
    if (id !== undefined) parent.properties.id = id;
    else delete parent.properties.id;
  }
  if (parent.type === 'element' && parent.tagName === 'table') promoteHeaderRow(parent);
  const children: (ElementContent | RootContent)[] = [];
  const append = (node: ElementContent | RootContent) => {
    const last = children.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else children.push(node.type === 'text' ? { type: 'text', value: node.value } : node);
  };
  for (const node of parent.children) {
    if (node.type === 'comment' || node.type === 'doctype') continue;
    // A line-numbered code table is its code; a code block loses its line numbers.
    const child =
      node.type === 'element' && node.tagName === 'table' ? (lineNumberedCode(node) ?? node) : node;
    if (child.type === 'element') {
      if (isChrome(child, context.inSection)) continue;
      if (context.pageWide && isLinkColumn(child)) continue;
      if (isLanguageLabel(child, parent.children as ElementContent[])) continue;
      if (isApiEntryList(child)) apiEntriesAsSections(child, context.section.level + 1);
      if (isCodeCaption(child, parent.children as ElementContent[])) {
        captionWithoutScreenReaderText(child);
      }
      unwrapAsciiDocAdmonition(child);
      if (isAdmonitionTitle(child, parent)) {
        const siblings = parent.children as ElementContent[];
        const next = siblings
          .slice(siblings.indexOf(child) + 1)
          .find((sibling) => sibling.type !== 'text' || sibling.value.trim() !== '');
        if (mergeAdmonitionTitle(child, next)) continue;
      }
      if (child.tagName === 'pre') {
        normalizeCodeBlock(child);
        labelCodeLanguage(child, [
          parent.type === 'element' ? parent : undefined,
          grandparent?.type === 'element' ? grandparent : undefined,
        ]);
      }
      const previous = children.findLast(
        (node) => node.type !== 'text' || node.value.trim() !== '',
      );
      if (isPermalinkAfter(child, previous)) continue;
      const { containerDepth } = context;
      const container = containerTags.has(child.tagName);
      if (container && containerDepth >= maxContainerNesting) child.tagName = 'div';
      if (child.tagName === 'li' && containerDepth > maxContainerNesting) child.tagName = 'div';
      const formatting = formattingTags.has(child.tagName);
      const unwrap = transparentTags.has(child.tagName) || (formatting && context.inFormatting);
      prune(
        child,
        {
          inSection: context.inSection || sectioningTags.has(child.tagName),
          containerDepth: containerDepth + (containerTags.has(child.tagName) ? 1 : 0),
          inFormatting: context.inFormatting || formatting,
          section: context.section,
          blockIds: context.blockIds,
          pageWide: context.pageWide,
        },
        parent,
      );
      if (unwrap) {
        for (const grandchild of child.children) append(grandchild);
        continue;
      }
      if (droppedWhenEmpty.has(child.tagName) && child.children.length === 0) continue;
    }
    append(child);
  }
  parent.children = children as typeof parent.children;
}

/**
 * The main content of a parsed page, pruned of chrome, as a new root: the `<main>` (or
 * `role="main"`) element, else the page's only top-level `<article>`, else `<body>`.
 * Dropped everywhere inside it: scripts, styles, media, forms and controls, `<nav>`,
 * `<aside>`, `<footer>`, site `<header>`s (those outside article/section/main), dialogs,
 * hidden elements, chrome landmarks (navigation, banner, contentinfo, complementary,
 * search…) and elements whose class or id names chrome (cookie/consent banners,
 * breadcrumbs, sidebars, tables of contents, pagination, share buttons); read from <body>,
 * heading-less columns of links too. Every heading's `id` is resolved (its own, an anchor's
 * inside it, its permalink's target, or the id of the `<section>` or `<div>` it opens), and
 * permalink anchors are removed from heading text. A table without a header row gets its
 * first row as header. Inline elements without a Markdown meaning
 * (span, font, links…) and emphasis inside emphasis are replaced by their content, empty
 * containers dropped, and lists or quotes nested over 12 deep read as plain blocks.
 */
export function mainContent(tree: Root): Root {
  const mains = findElements(tree, (element) => {
    const role = element.properties.role;
    return element.tagName === 'main' || (typeof role === 'string' && role === 'main');
  }).filter((element) => !isHidden(element));
  let content: Element | Root | undefined = mains[0];
  if (!content) {
    const articles = findElements(tree, (element) => element.tagName === 'article');
    content = articles.length === 1 ? articles[0] : undefined;
  }
  const pageWide = content === undefined;
  content ??= findElements(tree, (element) => element.tagName === 'body')[0] ?? tree;
  revealTabPanels(tree);
  revealDisclosurePanels(tree);
  const root: Root = {
    type: 'root',
    children: content.type === 'root' ? content.children : [content],
  };
  const inSection = content.type === 'element' && sectioningTags.has(content.tagName);
  prune(
    root,
    {
      inSection,
      containerDepth: 0,
      inFormatting: false,
      section: { level: 1 },
      blockIds: blockHeadingIds(tree),
      pageWide,
    },
    undefined,
  );
  return root;
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

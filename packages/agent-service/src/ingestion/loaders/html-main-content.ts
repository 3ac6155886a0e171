/**
 * A parsed page's main content as the tree the Markdown is written from: `<main>`, a
 * single `<article>` or `<body>`, pruned of chrome in one walk that also cleans headings,
 * reads tabs, disclosures, admonitions, API entries and code blocks, and keeps the tree
 * small and shallow enough for the Markdown writer.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import {
  isAdmonitionTitle,
  mergeAdmonitionTitle,
  unwrapAsciiDocAdmonition,
} from './html-admonitions.js';
import { apiEntriesAsSections, isApiEntryHeading, isApiEntryList } from './html-api-entries.js';
import { headingTags, isChrome, isHidden, isLinkColumn, sectioningTags } from './html-chrome.js';
import {
  captionWithoutScreenReaderText,
  isCodeCaption,
  isLanguageLabel,
  labelCodeLanguage,
  lineNumberedCode,
  normalizeCodeBlock,
} from './html-code-blocks.js';
import { revealDisclosurePanels } from './html-disclosures.js';
import { cleanHeading, isPermalinkAfter } from './html-headings.js';
import { blockHeadingIds } from './html-section-ids.js';
import { dropSiteHeader } from './html-site-header.js';
import { promoteHeaderRow } from './html-table-cells.js';
import { revealTabPanels } from './html-tabs.js';
import { pageTitle } from './html-title.js';
import { findElements } from './html-tree.js';

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

// Lists and quotes nested deeper than this are read as plain blocks: every level of
// Markdown nesting indents everything inside it again.
const maxContainerNesting = 12;
const containerTags = new Set(['ul', 'ol', 'blockquote', 'dl']);

// Emphasis inside emphasis is read as its text: Markdown cannot say much more, and the
// Markdown writer's cost grows steeply with nested emphasis (200 nested <b>: a minute).
const formattingTags = new Set(['strong', 'b', 'em', 'i', 's', 'del', 'strike', 'code', 'tt']);

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
    cleanHeading(parent, context.blockIds);
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
 * search…), a theme's page header holding the site's name in an `<h1>` above the content's
 * own (see {@link dropSiteHeader}) and elements whose class or id names chrome (cookie/consent banners,
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
  dropSiteHeader(content, pageTitle(tree));
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

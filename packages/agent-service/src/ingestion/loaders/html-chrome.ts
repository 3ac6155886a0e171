import type { Element } from 'hast';
import { classesOf, findElements, isMostlyLinks } from './html-tree.js';

// Elements that are never content: code, styling, embedded media, interactive controls
// and the landmarks of site chrome.
const droppedTags = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'math',
  'canvas',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'map',
  'area',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'label',
  'output',
  'progress',
  'meter',
  'nav',
  'dialog',
  'menu',
  'footer',
]);

// ARIA roles of chrome: navigation, site header/footer, sidebars, search, pop-ups, toolbars.
const droppedRoles = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'toolbar',
  'tablist',
  'tooltip',
  'form',
]);

// A class or id naming chrome: cookie/consent banners, breadcrumbs, sidebars, tables of
// contents (`toc`, `md-toc`, `TableOfContents`), skip links, pagination, share buttons,
// newsletter sign-ups, adverts, and what is left out when printing (Tailwind
// `print:hidden`, Nextra's `print:nx-hidden`, Bootstrap's `d-print-none`, `noprint`):
// the previous/next links and toolbars inside an article; Sphinx's relation bars (`related`,
// the haiku and scrolls themes' `topnav` and `bottomnav`).
const chromeToken =
  /cookie|consent|gdpr|onetrust|^cc[-_]|breadcrumb|sidebar|navbar|(?:^|[-_])toc(?:$|[-_])|table-?of-?contents|skip-link|skip-to|pagination|^pager$|^nav(?:header|footer)$|^(?:site-|page-)?footer$|^(?:top|bottom)-?nav$|^related$|share-?buttons|social-share|newsletter|^ads?$|^ad[-_]|advert|sponsor|edit-this-page|^headerlink$|^hash-link$|^anchor-link$|(?:^|:)print:(?:[a-z]+-)?hidden$|^d-print-none$|^no-?print$/i;

/** The heading elements, `<h1>` to `<h6>`. */
export const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Elements inside which a `<header>` is content (the heading of an article or section). */
export const sectioningTags = new Set(['article', 'section', 'main']);

function tokens(element: Element): string[] {
  const { id } = element.properties;
  const classes = classesOf(element);
  return typeof id === 'string' ? [...classes, id] : classes;
}

/** Whether the element is hidden: `hidden`, `aria-hidden="true"`, or `display: none` inline. */
export function isHidden(element: Element): boolean {
  const { hidden, ariaHidden, style } = element.properties;
  if (hidden !== undefined && hidden !== false && hidden !== null) return true;
  if (ariaHidden === 'true') return true;
  return (
    typeof style === 'string' &&
    /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style.slice(0, 500))
  );
}

/**
 * Shows an element that only its state hides (a tab panel not selected, an accordion panel
 * closed): removes what {@link isHidden} reads — `hidden`, `aria-hidden="true"` and the
 * inline style. In place.
 */
export function reveal(element: Element): void {
  delete element.properties.hidden;
  if (element.properties.ariaHidden === 'true') delete element.properties.ariaHidden;
  if (typeof element.properties.style === 'string') delete element.properties.style;
}

// Whether the element holds the page's content (an <h1>, <main> or <article>): a layout
// wrapper whose class happens to name chrome ("page has-sidebar") is not dropped.
function holdsContent(element: Element): boolean {
  const stack: Element[] = [element];
  while (stack.length > 0) {
    const current = stack.pop() as Element;
    for (const child of current.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'h1' || child.tagName === 'main' || child.tagName === 'article') {
        return true;
      }
      stack.push(child);
    }
  }
  return false;
}

/** What a callout holds: text in blocks (a page's metadata aside holds spans only). */
const calloutBlockTags = new Set(['p', 'ul', 'ol', 'pre', 'table', 'blockquote', 'dl']);

// An <aside> inside the article is a callout (Starlight's notes, tips and cautions) when it
// holds paragraphs, lists, code or tables, unless it is a menu: it holds a <nav> or is
// mostly links. Outside article/section/main it is a sidebar; one holding no such block
// is metadata (MkDocs Material's "last update" aside).
function isCallout(aside: Element, inSection: boolean): boolean {
  if (!inSection) return false;
  const inside = findElements(
    aside,
    (element) => element.tagName === 'nav' || calloutBlockTags.has(element.tagName),
  );
  if (inside.length === 0 || inside.some((element) => element.tagName === 'nav')) return false;
  return !isMostlyLinks(aside);
}

/**
 * Whether an element is site chrome rather than content: scripts, styles, media, forms and
 * controls, nav/footer/dialog/menu, an <aside> unless it is a callout inside
 * article/section/main (`isCallout`), a <header> outside article/section/main (the
 * site banner), a chrome landmark role (navigation, banner, contentinfo, complementary,
 * search, dialog…), a breadcrumb or cookie label, hidden elements, or a class or id naming
 * chrome (cookie/consent banners, breadcrumbs, sidebars, tables of contents, skip links,
 * pagination, share buttons, newsletter sign-ups, adverts, permalink anchors) unless it
 * holds an `<h1>`, `<main>` or `<article>`. A heading (`<h1>`…`<h6>`) is never chrome by its
 * class or id: generators style headings with classes such as Docusaurus's
 * `anchor anchorWithStickyNavbar_x`, which would otherwise read as a navbar.
 */
export function isChrome(element: Element, inSection: boolean): boolean {
  if (droppedTags.has(element.tagName)) return true;
  if (element.tagName === 'header' && !inSection) return true;
  if (element.tagName === 'aside' && !isCallout(element, inSection)) return true;
  const role = element.properties.role;
  if (typeof role === 'string' && droppedRoles.has(role.trim().toLowerCase())) return true;
  const label = element.properties.ariaLabel;
  if (typeof label === 'string' && /breadcrumb|cookie|consent/i.test(label)) return true;
  if (isHidden(element)) return true;
  if (headingTags.has(element.tagName)) return false;
  return tokens(element).some((token) => chromeToken.test(token)) && !holdsContent(element);
}

/**
 * How many links make a `<div>` a column of links (see {@link isLinkColumn}).
 */
const LINK_COLUMN_LINKS = 10;

/**
 * Whether `element` is a column of links on a page read from `<body>` (no `<main>`, no
 * single `<article>`), where the sidebar is kept unless its markup names it (Node.js's API
 * docs: `<div id="column2" class="interior">`, a list of every module): a `<div>` of
 * {@link LINK_COLUMN_LINKS} links or more that is mostly link text and holds no page
 * heading (h1, h2: a wrapper of a short page and its sidebar does) is navigation.
 */
export function isLinkColumn(element: Element): boolean {
  if (element.tagName !== 'div') return false;
  const links = findElements(element, (child) => child.tagName === 'a').length;
  if (links < LINK_COLUMN_LINKS || !isMostlyLinks(element)) return false;
  return (
    findElements(element, (child) => child.tagName === 'h1' || child.tagName === 'h2').length === 0
  );
}

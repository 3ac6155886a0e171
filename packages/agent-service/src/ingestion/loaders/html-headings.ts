/**
 * A heading as a section's title: its anchor id (its own, an anchor's inside it, its
 * permalink's target, or the id of the block it opens), and its text without permalink
 * anchors, zero-width characters or button wrappers; and the permalink some generators
 * place right after a heading.
 */
import type { Element, ElementContent, RootContent } from 'hast';
import { headingTags } from './html-chrome.js';
import { classesOf, textOf } from './html-tree.js';

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
export function isPermalinkAfter(
  node: Element,
  previous: ElementContent | RootContent | undefined,
) {
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

/**
 * Cleans a heading in place for the Markdown it becomes: its `id` resolved (see
 * `headingId`; none when a permalink holds a malformed %-escape), button wrappers unwrapped,
 * permalink anchors and zero-width characters removed from its text.
 */
export function cleanHeading(heading: Element, blockIds: WeakMap<Element, string>): void {
  let id: string | undefined;
  try {
    id = headingId(heading, blockIds);
  } catch {
    id = undefined; // a malformed %-escape in a permalink: no anchor rather than a failure
  }
  unwrapButtons(heading);
  heading.children = heading.children.filter((child) => !isPermalink(child, heading));
  dropZeroWidth(heading);
  if (id !== undefined) heading.properties.id = id;
  else delete heading.properties.id;
}

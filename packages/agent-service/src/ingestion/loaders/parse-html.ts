import type { Root } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { type DefaultTreeAdapterMap, defaultTreeAdapter, parse, type TreeAdapter } from 'parse5';
import { DocumentLoadError } from './document-load-error.js';

/** How deep elements may nest; deeper ones are attached at this depth, in document order. */
export const MAX_HTML_DEPTH = 256;

/**
 * Markup nested deeper than this (as {@link estimateNestingDepth} counts) is refused:
 * parse5 follows the HTML standard, whose algorithms scan the stack of open elements, so
 * tens of thousands of unclosed `<b>` or `<ul>` cost quadratic time before any tree exists.
 */
export const MAX_MARKUP_NESTING = 2_048;

// Elements that never have an end tag, or whose end tag may be left out (the parser
// closes them implicitly): counting them would take a valid old-style page for a deep one.
const notCounted = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'param',
  'keygen',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'option',
  'optgroup',
  'colgroup',
  'caption',
  'rb',
  'rt',
  'rtc',
  'rp',
  'html',
  'head',
  'body',
]);

const rawTextTags = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript']);

/**
 * The deepest nesting of start tags over end tags in the markup, counted in one linear
 * scan (comments and the content of scripts and styles skipped; void and optionally-closed
 * elements not counted). An estimate, but a cheap one that never undercounts hostile
 * input such as 50 000 `<b>` or `<ul><li>` without end tags.
 */
export function estimateNestingDepth(html: string): number {
  const lower = html.toLowerCase();
  let depth = 0;
  let deepest = 0;
  let at = lower.indexOf('<');
  while (at >= 0 && at < lower.length) {
    if (lower.startsWith('<!--', at)) {
      const end = lower.indexOf('-->', at + 4);
      if (end < 0) break;
      at = lower.indexOf('<', end + 3);
      continue;
    }
    const closing = lower.charCodeAt(at + 1) === 47;
    let nameEnd = at + (closing ? 2 : 1);
    while (nameEnd < lower.length && /[a-z0-9-]/.test(lower.charAt(nameEnd))) nameEnd++;
    const name = lower.slice(at + (closing ? 2 : 1), nameEnd);
    const tagEnd = lower.indexOf('>', nameEnd);
    if (tagEnd < 0) break;
    if (name && !notCounted.has(name)) {
      if (closing) depth = Math.max(0, depth - 1);
      else if (lower.charCodeAt(tagEnd - 1) !== 47) {
        depth++;
        if (depth > deepest) deepest = depth;
        if (rawTextTags.has(name)) {
          const end = lower.indexOf(`</${name}`, tagEnd);
          if (end < 0) break;
          at = end;
          continue;
        }
      }
    }
    at = lower.indexOf('<', tagEnd + 1);
  }
  return deepest;
}

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

/**
 * parse5's default tree adapter, except that an element that would nest deeper than
 * {@link MAX_HTML_DEPTH} is attached to its ancestor at that depth instead: hostile
 * nesting (100 000 `<div>`s) becomes a flat run of siblings, the text is all kept, and
 * the recursive tree walks that follow stay far from the stack limit.
 */
function depthCappedTreeAdapter(): TreeAdapter<DefaultTreeAdapterMap> {
  const depths = new WeakMap<object, number>();
  const depthOf = (node: object) => depths.get(node) ?? 0;
  const placeUnder = (parent: ParentNode): ParentNode => {
    let target = parent;
    while (depthOf(target) >= MAX_HTML_DEPTH && 'parentNode' in target && target.parentNode) {
      target = target.parentNode;
    }
    return target;
  };
  return {
    ...defaultTreeAdapter,
    appendChild(parent: ParentNode, node: ChildNode) {
      const target = placeUnder(parent);
      defaultTreeAdapter.appendChild(target, node);
      depths.set(node, depthOf(target) + 1);
    },
    insertBefore(parent: ParentNode, node: ChildNode, reference: ChildNode) {
      defaultTreeAdapter.insertBefore(parent, node, reference);
      depths.set(node, depthOf(parent) + 1);
    },
    setTemplateContent(template, content) {
      defaultTreeAdapter.setTemplateContent(template, content);
      depths.set(content, depthOf(template) + 1);
    },
  };
}

/**
 * Parses HTML as browsers do (parse5, the WHATWG algorithm: any tag soup yields a tree)
 * into a hast tree, with nesting capped at {@link MAX_HTML_DEPTH}. No source positions are
 * kept (they cost more than the parse and nothing reads them). Markup nested deeper than
 * {@link MAX_MARKUP_NESTING} fails with `CORRUPT_DOCUMENT`.
 */
export function parseHtml(html: string): Root {
  const depth = estimateNestingDepth(html);
  if (depth > MAX_MARKUP_NESTING) {
    throw new DocumentLoadError(
      'CORRUPT_DOCUMENT',
      `The HTML nests elements about ${depth} levels deep (more than ${MAX_MARKUP_NESTING}); it is refused as malformed.`,
    );
  }
  const document = parse(html, { treeAdapter: depthCappedTreeAdapter() });
  return fromParse5(document) as Root;
}

import type { Element, Root } from 'hast';

// Every element of the tree in document order, without recursion (trees are up to
// MAX_HTML_DEPTH deep, and a page can hold tens of thousands of elements).
function* elements(tree: Root): Generator<Element> {
  const stack: (Root | Element)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Root | Element;
    if (node.type === 'element') yield node;
    for (let index = node.children.length - 1; index >= 0; index--) {
      const child = node.children[index];
      if (child?.type === 'element') stack.push(child);
    }
  }
}

function resolve(href: string, base: string): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

/**
 * The links of a parsed HTML page (`<a href>`, navigation and footer included: a crawler
 * follows them), resolved against the page's URL or its first `<base href>`, without
 * fragments, http(s) only, in document order, each once. Links marked `rel="nofollow"`
 * are left out. Read from the same tree as the page's content, before the main content
 * is pruned out of it, so that a crawled page is parsed once.
 *
 * @example
 * pageLinks(parseHtml('<a href="/guide#install">Guide</a>'), 'https://docs.example/');
 * // ['https://docs.example/guide']
 */
export function pageLinks(tree: Root, pageUrl: string): string[] {
  let base: string | undefined;
  const hrefs: string[] = [];
  for (const element of elements(tree)) {
    const { href, rel } = element.properties;
    if (typeof href !== 'string') continue;
    if (element.tagName === 'base') base ??= resolve(href, pageUrl)?.href;
    if (element.tagName !== 'a') continue;
    const relation = Array.isArray(rel) ? rel.join(' ') : String(rel ?? '');
    if (!/\bnofollow\b/i.test(relation)) hrefs.push(href);
  }
  const links = new Set<string>();
  for (const href of hrefs) {
    const url = resolve(href, base ?? pageUrl);
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    url.hash = '';
    links.add(url.href);
  }
  return [...links];
}

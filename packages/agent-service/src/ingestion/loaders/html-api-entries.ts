import type { Element, ElementContent } from 'hast';
import { classesOf } from './html-tree.js';

// Sphinx's API entries (autodoc and the domains: `.. py:function::`, `.. js:class::`, …):
// `<dl class="py function"><dt class="sig sig-object py" id="pkg.send">…</dt><dd>…</dd></dl>`
// since Sphinx 4; before it the `<dt id>` has no class and the entry's name is in a
// `code.descname` (`<dl class="method"><dt id="pkg.Client.send"><code class="descname">`),
// as custom themes built on old releases still write them. A glossary's or a field list's
// `<dt>` is neither.
const isSignature = (node: ElementContent): node is Element =>
  node.type === 'element' &&
  node.tagName === 'dt' &&
  typeof node.properties.id === 'string' &&
  (classesOf(node).includes('sig') || namesEntry(node));

// Whether a `<dt>` holds an entry's name as Sphinx marks it (`descname`, `sig-name`).
function namesEntry(node: Element): boolean {
  return node.children.some(
    (child) =>
      child.type === 'element' &&
      (classesOf(child).some((name) => name === 'descname' || name === 'sig-name') ||
        namesEntry(child)),
  );
}

/** Whether a `<dl>` lists API entries, each a signature with an id (Sphinx). */
export function isApiEntryList(list: Element): boolean {
  return list.tagName === 'dl' && list.children.some(isSignature);
}

/** Whether a heading was made from an API entry's signature (see {@link apiEntriesAsSections}). */
export const isApiEntryHeading = (heading: Element): boolean =>
  heading.properties.dataApiEntry === true;

// A signature's text: its name and parameters as written, without Sphinx's "[source]" link
// (the viewcode extension) or its permalink, on one line.
function signatureText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  const classes = classesOf(node);
  if (classes.includes('viewcode-link') || classes.includes('headerlink')) return '';
  return node.children.map(signatureText).join('');
}

// API entry lists inside an entry's description (a class's methods), not inside one of
// theirs.
function nestedLists(nodes: readonly ElementContent[]): Element[] {
  const found: Element[] = [];
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    if (isApiEntryList(node)) found.push(node);
    else found.push(...nestedLists(node.children));
  }
  return found;
}

/**
 * Reads a list of API entries as sections, in place: each signature (`<dt id>`) becomes a
 * heading of `level` with its id and its text (`class pkg.Client(url)`), its description
 * (`<dd>`) the section's text, and the entries listed inside a description (a class's
 * methods) headings one level down. A question about one function then finds a chunk
 * titled with its signature and cites `page#pkg.Client.send` rather than the module's
 * heading. A further signature of the same entry (an overload) stays a line of its section.
 */
export function apiEntriesAsSections(list: Element, level: number): void {
  const tagName = `h${Math.min(6, Math.max(1, level))}`;
  const children: ElementContent[] = [];
  let previousWasSignature = false;
  for (const child of list.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'dt') {
      const text: ElementContent = {
        type: 'text',
        value: signatureText(child).replace(/\s+/g, ' ').trim(),
      };
      const heading = isSignature(child) && !previousWasSignature;
      children.push(
        heading
          ? {
              type: 'element',
              tagName,
              properties: { id: child.properties.id, dataApiEntry: true },
              children: [text],
            }
          : { type: 'element', tagName: 'p', properties: {}, children: [text] },
      );
      previousWasSignature = true;
      continue;
    }
    const description = child.tagName === 'dd' ? child.children : [child];
    for (const nested of nestedLists(description)) apiEntriesAsSections(nested, level + 1);
    children.push(...description);
    previousWasSignature = false;
  }
  list.tagName = 'div';
  list.properties = {};
  list.children = children;
}

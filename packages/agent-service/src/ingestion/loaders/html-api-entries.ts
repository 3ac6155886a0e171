import type { Element, ElementContent } from 'hast';
import { classesOf } from './html-tree.js';

// Sphinx's API entries (autodoc and the domains: `.. py:function::`, `.. js:class::`, …):
// `<dl class="py function"><dt class="sig sig-object py" id="pkg.send">…</dt><dd>…</dd></dl>`
// since Sphinx 4; before it the `<dt id>` has no class and the entry's name is in a
// `code.descname` (`<dl class="method"><dt id="pkg.Client.send"><code class="descname">`),
// as custom themes built on old releases still write them. A field list's `<dt>` is neither.
const isSignature = (node: ElementContent): node is Element =>
  isTerm(node) &&
  typeof node.properties.id === 'string' &&
  (classesOf(node).includes('sig') || namesEntry(node));

const isTerm = (node: ElementContent): node is Element =>
  node.type === 'element' && node.tagName === 'dt';

// A list whose every term has an id of its own is a list of entries a reader is sent to by
// link, whatever the generator: DocBook's `variablelist` of configuration parameters and
// command options (`<dt id="GUC-WORK-MEM"><span class="term"><code>work_mem</code>
// (integer)`), a glossary (`<dt id="term-relay">`). A list of terms without ids (psql's
// options, a field list) stays a list, and so do footnotes and citations (docutils'
// `<dl class="footnote"><dt class="label" id="id2">2</dt>`): a number is no entry's name.
function termsAllHaveIds(list: Element): boolean {
  const terms = list.children.filter(isTerm);
  return (
    terms.length > 0 &&
    !classesOf(list).some((name) => name === 'footnote' || name === 'citation') &&
    terms.every(
      (term) => typeof term.properties.id === 'string' && /\p{L}/u.test(signatureText(term)),
    )
  );
}

// Whether a node is, or holds, the element Sphinx writes an entry's own name in
// (`descname`, `sig-name`).
const holdsName = (node: ElementContent): boolean =>
  node.type === 'element' &&
  (classesOf(node).some((name) => name === 'descname' || name === 'sig-name') ||
    node.children.some(holdsName));

// Whether a `<dt>` holds an entry's name as Sphinx marks it.
const namesEntry = (node: Element): boolean => node.children.some(holdsName);

/**
 * Whether a `<dl>` lists entries a reader is linked to: API entries, each a signature with
 * an id (Sphinx), or terms that all have an id (DocBook's parameters and options, glossaries).
 */
export function isApiEntryList(list: Element): boolean {
  return list.tagName === 'dl' && (list.children.some(isSignature) || termsAllHaveIds(list));
}

/** Whether a heading was made from an API entry's signature (see {@link apiEntriesAsSections}). */
export const isApiEntryHeading = (heading: Element): boolean =>
  heading.properties.dataApiEntry === true;

// A signature's text: its name and parameters as written, without Sphinx's "[source]" link
// (the viewcode extension) or its permalink, on one line.
function signatureText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  // DocBook writes an entry's several terms on lines of one `<dt>` (`-a<br>--echo-all`).
  if (node.tagName === 'br') return ' ';
  const classes = classesOf(node);
  if (classes.includes('viewcode-link') || classes.includes('headerlink')) return '';
  return node.children.map(signatureText).join('');
}

// A Sphinx signature's text up to and including the entry's name: `class pkg.Client` of
// `class pkg.Client(url, timeout=None)`, `attribute pkg.Client.url` of `… = None`. A term
// without a marked name (DocBook's `work_mem (integer)`, a glossary's) is read whole.
function nameText(term: Element): string {
  if (!namesEntry(term)) return signatureText(term);
  let text = '';
  for (const child of term.children) {
    text += signatureText(child);
    if (holdsName(child)) break;
  }
  return text;
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

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const paragraph = (content: ElementContent): Element => ({
  type: 'element',
  tagName: 'p',
  properties: {},
  children: [content],
});

/**
 * Reads a list of entries (see {@link isApiEntryList}) as sections, in place: each signature
 * or term with an id (`<dt id>`) becomes a heading of `level` with its id and the entry's
 * name (`class pkg.Client`, `work_mem (integer)`), a signature's full text (`class
 * pkg.Client(url)`) the first line of the section, its description (`<dd>`) the rest, and
 * the entries listed inside a description (a class's methods) headings one level down. A
 * question about one function then finds a chunk titled with its name and cites
 * `page#pkg.Client.send` rather than the module's heading. A further signature of the same
 * entry (an overload) stays a line of its section.
 */
export function apiEntriesAsSections(list: Element, level: number): void {
  const tagName = `h${Math.min(6, Math.max(1, level))}`;
  const children: ElementContent[] = [];
  let previousWasSignature = false;
  const entry = list.children.some(isSignature) ? isSignature : isTerm;
  for (const child of list.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'dt') {
      const signature = oneLine(signatureText(child));
      const heading =
        entry(child) && typeof child.properties.id === 'string' && !previousWasSignature;
      if (!heading) {
        children.push(paragraph({ type: 'text', value: signature }));
      } else {
        // The heading names the entry; its parameters are a line of its own text. Every
        // section inside it (a class's methods) repeats the headings above it in its title,
        // and a class's thirty parameter names there would match a question about any of
        // them in each of its methods.
        const name = oneLine(nameText(child));
        children.push({
          type: 'element',
          tagName,
          properties: { id: child.properties.id, dataApiEntry: true },
          children: [{ type: 'text', value: name }],
        });
        if (name !== signature) {
          children.push(
            paragraph({
              type: 'element',
              tagName: 'code',
              properties: {},
              children: [{ type: 'text', value: signature }],
            }),
          );
        }
      }
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

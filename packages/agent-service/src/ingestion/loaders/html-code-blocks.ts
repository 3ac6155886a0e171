import type { Element, ElementContent } from 'hast';
import { classesOf, rowCells, tableRows, textOf } from './html-tree.js';

// Classes of line-number gutters inside a code block: Chroma (Hugo) `ln`, `lnt`, Pygments
// (Sphinx, MkDocs) `linenos`, `linenodiv`, GitBook `highlight-line-number`, Prism's
// `line-numbers-rows`, and the like.
const lineNumberClass =
  /^(?:ln|lnt|lineno|linenos|linenodiv|line-?numbers?(?:-rows)?|[a-z]+(?:-[a-z]+)*-line-?number)$/i;

// Classes of one line of a highlighted code block: Shiki `line`, GitBook `highlight-line`,
// Prism (Docusaurus) `token-line`, Expressive Code `ec-line`, CodeMirror `cm-line`.
const lineClass = /^(?:[a-z]+-)?line$/i;

// Block elements: a reader of the code (and the Markdown writer) ends a line after them.
const blockTags = new Set(['div', 'p', 'li', 'tr', 'table', 'pre']);

function holdsPre(element: Element): boolean {
  return element.children.some(
    (child) => child.type === 'element' && (child.tagName === 'pre' || holdsPre(child)),
  );
}

/**
 * The code of a line-numbered code table — one row of two cells, the line numbers and the
 * `<pre>` (Pygments' `linenos` in Sphinx and MkDocs, Hugo's `lineNos: table`) — as a
 * `<div>` holding the code cell's content; `undefined` for any other table. Read as a
 * table, such a block would be two code blocks in a Markdown table.
 */
export function lineNumberedCode(table: Element): Element | undefined {
  const rows = tableRows(table);
  if (rows.length !== 1) return undefined;
  const cells = rowCells(rows[0] as Element);
  if (cells.length !== 2) return undefined;
  const [numbers, code] = cells as [Element, Element];
  if (!/^[\s\d]*\d[\s\d]*$/.test(textOf(numbers)) || !holdsPre(numbers) || !holdsPre(code)) {
    return undefined;
  }
  return { type: 'element', tagName: 'div', properties: {}, children: code.children };
}

function endsLine(node: ElementContent): boolean {
  if (node.type === 'text') return node.value.endsWith('\n');
  if (node.type !== 'element') return false;
  if (node.tagName === 'br' || blockTags.has(node.tagName)) return true;
  const last = node.children.at(-1);
  return last !== undefined && endsLine(last);
}

const isLine = (node: ElementContent | undefined): node is Element =>
  node?.type === 'element' && classesOf(node).some((name) => lineClass.test(name));

/**
 * Cleans a `<pre>` in place before it is read as a code block: line-number gutters inside
 * it are removed (`<span class="ln">1</span>import …` read as "1import …"), and a line
 * element that ends without a line break gets one when another line follows (GitBook
 * writes its lines as `<span class="highlight-line">` with no newline between them, which
 * a browser breaks by CSS alone).
 */
export function normalizeCodeBlock(pre: Element): void {
  const stack: Element[] = [pre];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    const children: ElementContent[] = [];
    for (const child of element.children) {
      if (child.type === 'element' && classesOf(child).some((name) => lineNumberClass.test(name))) {
        continue;
      }
      children.push(child);
    }
    element.children = children.flatMap((child, index) => {
      if (child.type === 'element') stack.push(child);
      const next = children[index + 1];
      const breakAfter =
        isLine(child) &&
        isLine(next) &&
        !blockTags.has(child.tagName) &&
        !endsLine(child) &&
        !(next.type === 'element' && blockTags.has(next.tagName));
      return breakAfter ? [child, { type: 'text', value: '\n' } as const] : [child];
    });
  }
}

// A code block's language as generators write it: `language-js` (Prism, Shiki, MkDocs
// and VitePress wrappers), Sphinx's `highlight-python` wrapper.
const languageClass = /^(?:language|lang|highlight)-([\w+#.-]{1,30})$/i;

// What generators write when a block has no language (Sphinx's `highlight-default`).
const unnamedLanguages = new Set(['default', 'none', 'nohighlight']);

function languageOf(element: Element): string | undefined {
  const { dataLanguage, dataLang } = element.properties;
  for (const value of [dataLanguage, dataLang]) {
    if (typeof value === 'string' && /^[\w+#.-]{1,30}$/.test(value)) return value;
  }
  for (const name of classesOf(element)) {
    const match = languageClass.exec(name);
    if (match && !unnamedLanguages.has((match[1] as string).toLowerCase())) return match[1];
  }
  return undefined;
}

/**
 * Gives a `<pre>` its language where the generator wrote it elsewhere — on the `<pre>`
 * (`data-language`: Expressive Code, rehype-pretty-code) or on a wrapper around it
 * (`<div class="language-sh">`: VitePress, MkDocs; `<div class="highlight-python">`:
 * Sphinx) — as the `language-…` class of its `<code>` (wrapping its content in one if it
 * has none), which is where the Markdown writer reads a fence's language. `ancestors`:
 * the `<pre>`'s parent, then grandparent. In place; a language already on `<code>` stays.
 */
export function labelCodeLanguage(pre: Element, ancestors: readonly (Element | undefined)[]) {
  const code = pre.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'code',
  );
  if (code && classesOf(code).some((name) => name.startsWith('language-'))) return;
  const language = [code, pre, ...ancestors]
    .map((element) => (element ? languageOf(element) : undefined))
    .find((value) => value !== undefined);
  if (language === undefined) return;
  const className = `language-${language}`;
  if (code) {
    code.properties.className = [...classesOf(code), className];
    return;
  }
  pre.children = [
    {
      type: 'element',
      tagName: 'code',
      properties: { className: [className] },
      children: pre.children,
    },
  ];
}

/**
 * Whether an element is the language label a generator shows beside a code block
 * (VitePress: `<span class="lang">sh</span>` next to the `<pre>`): one short word, class
 * `lang`, with a `<pre>` among its siblings.
 */
export function isLanguageLabel(element: Element, siblings: readonly ElementContent[]): boolean {
  if (!classesOf(element).includes('lang')) return false;
  if (!/^\s*[\w+#.-]{1,20}\s*$/.test(textOf(element))) return false;
  return siblings.some((sibling) => sibling.type === 'element' && sibling.tagName === 'pre');
}

// Text for screen readers only (Tailwind and Bootstrap `sr-only`, `visually-hidden`,
// WordPress `screen-reader-text`).
const screenReaderClass = /^(?:sr-only|visually-?hidden|screen-reader-text)$/i;

/**
 * Whether an element is a code frame's caption, the `<figcaption>` of a `<figure>` that
 * holds a `<pre>` (Expressive Code in Starlight): {@link captionWithoutScreenReaderText}
 * keeps its file name, not its label for screen readers ("Terminal window").
 */
export function isCodeCaption(element: Element, siblings: readonly ElementContent[]): boolean {
  return (
    element.tagName === 'figcaption' &&
    siblings.some((sibling) => sibling.type === 'element' && sibling.tagName === 'pre')
  );
}

/** Removes the screen-reader-only text inside a code frame's caption. In place. */
export function captionWithoutScreenReaderText(caption: Element): void {
  caption.children = caption.children.filter(
    (child) =>
      child.type !== 'element' || !classesOf(child).some((name) => screenReaderClass.test(name)),
  );
  for (const child of caption.children) {
    if (child.type === 'element') captionWithoutScreenReaderText(child);
  }
}

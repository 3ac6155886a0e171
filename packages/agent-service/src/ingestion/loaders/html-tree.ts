import type { Element, ElementContent, Root, RootContent } from 'hast';

/** An element's class names (`[]` when it has none). */
export function classesOf(element: Element): string[] {
  const { className } = element.properties;
  return Array.isArray(className) ? className.map(String) : [];
}

/** The text of a node and everything inside it, as written (no spacing added). */
export function textOf(node: ElementContent | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/**
 * The elements inside `node` that pass `test`, in document order, without looking inside
 * those that pass; without recursion (trees are up to `MAX_HTML_DEPTH` deep).
 */
export function findElements(node: Element | Root, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const stack: Element[] = [];
  const pushChildren = (parent: Element | Root) => {
    for (let index = parent.children.length - 1; index >= 0; index--) {
      const child = parent.children[index];
      if (child?.type === 'element') stack.push(child);
    }
  };
  pushChildren(node);
  while (stack.length > 0) {
    const current = stack.pop() as Element;
    if (test(current)) found.push(current);
    else pushChildren(current);
  }
  return found;
}

/**
 * The share of an element's text (whitespace aside) that is link text, 0..1 (1 when it has
 * no text): a menu, a table of contents or a list of related pages is mostly links.
 */
function linkTextShare(element: Element): number {
  const all = textOf(element).replace(/\s+/g, '').length;
  if (all === 0) return 1;
  let linked = 0;
  for (const link of findElements(element, (child) => child.tagName === 'a')) {
    linked += textOf(link).replace(/\s+/g, '').length;
  }
  return linked / all;
}

/** Link text from this share of an element's text on: a menu, an outline, related pages. */
const MOSTLY_LINKS = 0.5;

/** Whether an element is mostly links (see {@link linkTextShare}): navigation, not content. */
export function isMostlyLinks(element: Element): boolean {
  return linkTextShare(element) >= MOSTLY_LINKS;
}

/**
 * Starts `element` with a paragraph of `label` in bold (whitespace collapsed), then `after`:
 * a tab's label before its panel (`**Yarn**:`), an accordion's question before its answer.
 * Nothing when the label has no text. In place.
 */
export function prependStrongLine(element: Element, label: string, after = ''): void {
  const text = label.replace(/\s+/g, ' ').trim();
  if (!text) return;
  const children: ElementContent[] = [
    {
      type: 'element',
      tagName: 'strong',
      properties: {},
      children: [{ type: 'text', value: text }],
    },
  ];
  if (after) children.push({ type: 'text', value: after });
  element.children.unshift({ type: 'element', tagName: 'p', properties: {}, children });
}

/** A table's rows in order: its own and those of its `thead`, `tbody` and `tfoot`. */
export function tableRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of table.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'tr') rows.push(child);
    else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') {
      rows.push(...tableRows(child));
    }
  }
  return rows;
}

/** A table row's cells (`td` and `th`). */
export function rowCells(row: Element): Element[] {
  return row.children.filter(
    (cell): cell is Element =>
      cell.type === 'element' && (cell.tagName === 'td' || cell.tagName === 'th'),
  );
}

import type { Element, Root } from 'hast';
import { reveal } from './html-chrome.js';
import { findElements, prependStrongLine, textOf } from './html-tree.js';

// Tabs made of radio buttons and their <label for>s (MkDocs Material's content tabs,
// VitePress's code groups): the labels (of radio inputs) in one element, the panels in
// the element right after it, as many and in the same order. The labels are controls,
// dropped as chrome.
function labelRadioTabs(
  group: Element,
  parent: Element | Root | undefined,
  byId: ReadonlyMap<string, Element>,
): void {
  const labels = group.children.filter((child): child is Element => {
    if (child.type !== 'element' || child.tagName !== 'label') return false;
    const target = byId.get(String(child.properties.htmlFor ?? ''));
    return target?.tagName === 'input' && target.properties.type === 'radio';
  });
  if (labels.length < 2 || !parent) return;
  const siblings: Element[] = [];
  for (const child of parent.children) if (child.type === 'element') siblings.push(child);
  const next = siblings[siblings.indexOf(group) + 1];
  const panels = next?.children.filter((child): child is Element => child.type === 'element');
  if (panels?.length !== labels.length) return;
  panels.forEach((panel, index) => {
    prependStrongLine(panel, textOf(labels[index] as Element), ':');
  });
}

const roleOf = (element: Element) => {
  const { role } = element.properties;
  return typeof role === 'string' ? role.trim().toLowerCase() : '';
};

// How far up from a tab panel its tab list may sit: Docusaurus puts the list and the
// panels' wrapper side by side (2), Starlight wraps the list once more (3).
const MAX_TAB_LEVELS = 3;

/**
 * Shows a page's tab panels (`role="tabpanel"`) that only the tab state hides — the "Yarn"
 * and "pnpm" commands beside "npm", the TypeScript version of an example — and starts each
 * with its tab's label as a line that introduces it (`**Yarn**:`; an answer quoting the
 * panel's code block quotes that line with it). A panel's label is the element its
 * `aria-labelledby` names, else the tab (`role="tab"`) at its position in the nearest tab
 * list around it. The tab list itself stays chrome. Changes `tree` in place.
 */
export function revealTabPanels(tree: Root): void {
  const byId = new Map<string, Element>();
  const parents = new Map<Element, Element | Root>();
  const panels: Element[] = [];
  const radioGroups = new Set<Element>();
  const stack: (Element | Root)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Element | Root;
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      parents.set(child, node);
      const { id } = child.properties;
      if (typeof id === 'string' && !byId.has(id)) byId.set(id, child);
      if (roleOf(child) === 'tabpanel') panels.push(child);
      if (child.tagName === 'label' && node.type === 'element') radioGroups.add(node);
      stack.push(child);
    }
  }
  for (const group of radioGroups) labelRadioTabs(group, parents.get(group), byId);
  if (panels.length === 0) return;
  const within = (root: Element | Root, role: string) =>
    findElements(root, (element) => roleOf(element) === role);

  for (const panel of panels) {
    let label: string | undefined;
    const { ariaLabelledBy } = panel.properties;
    const labelledBy = Array.isArray(ariaLabelledBy) ? ariaLabelledBy.join(' ') : ariaLabelledBy;
    const labelElement =
      typeof labelledBy === 'string' ? byId.get(labelledBy.split(/\s+/)[0] ?? '') : undefined;
    if (labelElement) label = textOf(labelElement);
    let ancestor = parents.get(panel);
    for (let level = 0; label === undefined && ancestor && level < MAX_TAB_LEVELS; level++) {
      const list = within(ancestor, 'tablist')[0];
      if (list) {
        const position = within(ancestor, 'tabpanel').indexOf(panel);
        const tab = within(list, 'tab')[position];
        label = tab ? textOf(tab) : undefined;
        break;
      }
      ancestor = ancestor.type === 'element' ? parents.get(ancestor) : undefined;
    }
    reveal(panel);
    // The label as a line that introduces the panel: `**Yarn**:`.
    if (label !== undefined) prependStrongLine(panel, label, ':');
  }
}

import type { Element, Root } from 'hast';
import { headingTags, isHidden, reveal } from './html-chrome.js';
import { isMostlyLinks, prependStrongLine, textOf } from './html-tree.js';

const tokensOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [])
    .map((token) => token.trim())
    .filter(Boolean);

/**
 * Reads the collapsed panels of a page's accordions and disclosures (an FAQ's answers): a
 * control with `aria-expanded` names its panel in `aria-controls`, and the panel is hidden
 * until the visitor opens it, so the loader, which drops hidden elements, dropped every
 * answer. A hidden panel so controlled is shown, led by its control's text in bold when the
 * control is a `<button>` (the question: buttons are dropped as controls) outside a heading
 * (a heading keeps its button's text). A panel that is mostly links (a collapsed menu or
 * table of contents) stays hidden. Changes `tree` in place.
 */
export function revealDisclosurePanels(tree: Root): void {
  const byId = new Map<string, Element>();
  const controls: { control: Element; inHeading: boolean }[] = [];
  const stack: { node: Element | Root; inHeading: boolean }[] = [{ node: tree, inHeading: false }];
  while (stack.length > 0) {
    const { node, inHeading } = stack.pop() as { node: Element | Root; inHeading: boolean };
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const { id, ariaControls, ariaExpanded } = child.properties;
      if (typeof id === 'string' && !byId.has(id)) byId.set(id, child);
      if (ariaControls !== undefined && ariaExpanded !== undefined) {
        controls.push({ control: child, inHeading });
      }
      stack.push({ node: child, inHeading: inHeading || headingTags.has(child.tagName) });
    }
  }
  for (const { control, inHeading } of controls) {
    for (const id of tokensOf(control.properties.ariaControls)) {
      const panel = byId.get(id);
      if (!panel || panel === control || !isHidden(panel) || isMostlyLinks(panel)) continue;
      reveal(panel);
      // Only a <button> is dropped as a control: other controls keep their text in place.
      if (control.tagName === 'button' && !inHeading) prependStrongLine(panel, textOf(control));
    }
  }
}

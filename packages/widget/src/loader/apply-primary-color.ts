/**
 * The page's `data-primary-color` applied to the widget: the colour itself, and the text
 * colour that reads on it (from the value parsed, or as the browser computes it).
 */
import { computeColor } from './compute-color.js';
import { parseColor, readableTextColor } from './readable-text-color.js';

/** Sets `--ac-primary` and `--ac-on-primary` on `element`; a value that is not a CSS colour is ignored with a warning. */
export function applyPrimaryColor(
  element: HTMLElement,
  value: string,
  window: Window & typeof globalThis,
): void {
  if (!window.CSS?.supports?.('color', value)) {
    console.warn(`agent-chat: data-primary-color "${value}" is not a CSS colour; ignored.`);
    return;
  }
  element.style.setProperty('--ac-primary', value);
  const color = parseColor(value) ?? computeColor(element, value, window);
  if (color) element.style.setProperty('--ac-on-primary', readableTextColor(color));
}

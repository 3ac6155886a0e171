import { parseColor, type Rgb } from './readable-text-color.js';

/**
 * The sRGB value of any CSS colour as the browser computes it: named colours, `hsl()`,
 * `hwb()`, `var(--brand)` (inherited from the page), and wide-gamut syntaxes such as
 * `oklch()`, `lab()` or `color()` (converted through a 1×1 canvas). Alpha is ignored.
 * Returns undefined when the browser cannot tell.
 *
 * @param parent A connected element: the colour is computed in its context.
 */
export function computeColor(
  parent: Element,
  value: string,
  window: Window & typeof globalThis,
): Rgb | undefined {
  const document = window.document;
  const probe = document.createElement('i');
  probe.style.color = value;
  parent.append(probe);
  const computed = window.getComputedStyle(probe).color;
  probe.remove();
  const rgb = parseColor(computed);
  if (rgb) return rgb;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.fillStyle = computed;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return { r: r!, g: g!, b: b! };
  } catch {
    // A canvas may be blocked (fingerprinting protection): no automatic text colour then.
    return undefined;
  }
}

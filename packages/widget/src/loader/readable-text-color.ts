/** An sRGB colour with channels 0..255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * Parses `#rgb`, `#rrggbb` (alpha ignored) and `rgb()`/`rgba()` as browsers serialise
 * computed colours. Returns undefined for anything else.
 */
export function parseColor(value: string): Rgb | undefined {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
  if (hex && (hex.length === 3 || hex.length === 4)) {
    const [r, g, b] = [0, 1, 2].map((index) => Number.parseInt(hex[index]!.repeat(2), 16));
    return { r: r!, g: g!, b: b! };
  }
  if (hex && (hex.length === 6 || hex.length === 8)) {
    const [r, g, b] = [0, 2, 4].map((index) => Number.parseInt(hex.slice(index, index + 2), 16));
    return { r: r!, g: g!, b: b! };
  }
  const channels = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(text);
  if (channels) {
    const [r, g, b] = channels.slice(1, 4).map((channel) => Math.min(255, Number(channel)));
    return { r: r!, g: g!, b: b! };
  }
  return undefined;
}

/** WCAG 2 relative luminance. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two colours, 1..21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The text colour (black or white) with the higher contrast on `background`.
 * One of the two always reaches WCAG AA (4.5:1) on any opaque colour.
 *
 * White wins when 1.05 / (L + 0.05) ≥ (L + 0.05) / 0.05, L being the background's relative
 * luminance, that is when (L + 0.05)² ≤ 0.0525: the same choice as comparing both
 * {@link contrastRatio}s, without computing them (the loader carries this).
 */
export function readableTextColor(background: Rgb): string {
  return (relativeLuminance(background) + 0.05) ** 2 <= 0.0525 ? '#ffffff' : '#000000';
}

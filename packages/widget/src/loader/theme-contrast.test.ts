import { describe, expect, it } from 'vitest';
import { panelStyles } from '../panel/panel-styles.js';
import { loaderStyles } from './loader-styles.js';
import { contrastRatio, parseColor, type Rgb } from './readable-text-color.js';

/** The `--ac-*` colours declared in the first rule whose selector starts with `selector`. */
function palette(selector: string): Record<string, Rgb> {
  const start = loaderStyles.indexOf(`\n${selector}{`);
  const rule = loaderStyles.slice(start, loaderStyles.indexOf('}', start));
  const colors: Record<string, Rgb> = {};
  for (const [, name, value] of rule.matchAll(/--ac-([\w-]+):(#[0-9a-f]{6})/g)) {
    colors[name!] = parseColor(value!)!;
  }
  return colors;
}

const light = palette('.root');
const dark = { ...light, ...palette('.theme-dark') };

describe('the default themes meet WCAG AA', () => {
  for (const [name, theme] of Object.entries({ light, dark })) {
    it(`${name}: text 4.5:1 on every surface, control borders and focus 3:1`, () => {
      const ratio = (a: string, b: string): number => contrastRatio(theme[a]!, theme[b]!);
      for (const surface of ['bg', 'bubble', 'code']) {
        expect(ratio('fg', surface), `fg on ${surface}`).toBeGreaterThanOrEqual(4.5);
        expect(ratio('muted', surface), `muted on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(ratio('error', 'bg')).toBeGreaterThanOrEqual(4.5);
      expect(ratio('primary', 'on-primary')).toBeGreaterThanOrEqual(4.5);
      // WCAG 1.4.11: the message box and starter buttons are identified by their border.
      expect(ratio('control', 'bg')).toBeGreaterThanOrEqual(3);
      expect(ratio('fg', 'bg')).toBeGreaterThanOrEqual(3); // focus ring
    });
  }

  it('draws interactive boundaries with the control colour', () => {
    expect(panelStyles).toMatch(/\.starter\{[^}]*border:1px solid var\(--ac-control\)/);
    expect(panelStyles).toMatch(/textarea\{[^}]*border:1px solid var\(--ac-control\)/);
  });
});

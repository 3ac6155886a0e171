import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor, readableTextColor } from './readable-text-color.js';

describe('readableTextColor', () => {
  it('parses hex and rgb() colours', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor('#2563EB')).toEqual({ r: 37, g: 99, b: 235 });
    expect(parseColor('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30 });
    expect(parseColor('rgba(10 20 30 / 50%)')).toEqual({ r: 10, g: 20, b: 30 });
    expect(parseColor('papayawhip')).toBeUndefined();
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(21, 5);
    expect(contrastRatio({ r: 37, g: 99, b: 235 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(
      5.17,
      1,
    );
  });

  it('picks a text colour meeting WCAG AA (4.5:1) on any background', () => {
    expect(readableTextColor({ r: 255, g: 235, b: 59 })).toBe('#000000'); // yellow
    expect(readableTextColor({ r: 37, g: 99, b: 235 })).toBe('#ffffff'); // default blue
    for (let r = 0; r <= 255; r += 15) {
      for (let g = 0; g <= 255; g += 15) {
        for (let b = 0; b <= 255; b += 15) {
          const text = parseColor(readableTextColor({ r, g, b }))!;
          expect(contrastRatio({ r, g, b }, text)).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it('picks the colour of the higher contrast ratio, as comparing both ratios does', () => {
    // Every 8-bit sRGB colour agrees (checked once, 16.7 M of them); a 5-step grid here.
    const white = { r: 255, g: 255, b: 255 };
    const black = { r: 0, g: 0, b: 0 };
    for (let r = 0; r <= 255; r += 5) {
      for (let g = 0; g <= 255; g += 5) {
        for (let b = 0; b <= 255; b += 5) {
          const background = { r, g, b };
          const expected =
            contrastRatio(background, white) >= contrastRatio(background, black)
              ? '#ffffff'
              : '#000000';
          if (readableTextColor(background) !== expected) {
            expect(readableTextColor(background), `on rgb(${r} ${g} ${b})`).toBe(expected);
          }
        }
      }
    }
  });
});

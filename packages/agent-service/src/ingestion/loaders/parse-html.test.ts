import { describe, expect, it } from 'vitest';
import { estimateNestingDepth, MAX_HTML_DEPTH, parseHtml } from './parse-html.js';

describe('estimateNestingDepth', () => {
  it('counts nesting, skipping comments, script/style content, void and optionally-closed tags', () => {
    expect(estimateNestingDepth('<div><section><p>text</section></div>')).toBe(2);
    expect(estimateNestingDepth(`<ul>${'<li>item<br><img src=x>'.repeat(5_000)}</ul>`)).toBe(1);
    const script = `<script>const html = "${'<div>'.repeat(5_000)}";</script><main>x</main>`;
    expect(estimateNestingDepth(script)).toBe(1);
    expect(estimateNestingDepth(`<!-- ${'<div>'.repeat(5_000)} --><p>x`)).toBe(0);
    expect(estimateNestingDepth(`<svg>${'<path d="M0"/>'.repeat(5_000)}</svg>`)).toBe(1);
    expect(estimateNestingDepth('<b>'.repeat(3_000))).toBe(3_000);
  });
});

describe('parseHtml', () => {
  it('attaches elements nested deeper than the cap at the cap, keeping their text in order', () => {
    const levels = MAX_HTML_DEPTH + 200;
    const html = `${'<div>'.repeat(levels)}inner${'</div>'.repeat(levels)}<p>outer</p>`;
    const tree = parseHtml(html);
    let deepest = 0;
    const texts: string[] = [];
    const walk = (node: { type: string; value?: string; children?: unknown[] }, depth: number) => {
      deepest = Math.max(deepest, depth);
      if (node.type === 'text' && node.value) texts.push(node.value);
      for (const child of node.children ?? []) walk(child as typeof node, depth + 1);
    };
    walk(tree, 0);
    expect(deepest).toBeLessThanOrEqual(MAX_HTML_DEPTH + 1);
    expect(texts).toEqual(['inner', 'outer']);
  });
});

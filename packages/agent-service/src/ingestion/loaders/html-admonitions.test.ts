import { describe, expect, it } from 'vitest';
import { markdownInMain as markdownOf } from '../../testing/index.js';

describe('loadHtml: admonitions', () => {
  it('reads the title as the start of the first paragraph (Docusaurus, MkDocs, VitePress)', () => {
    const docusaurus =
      '<div class="theme-admonition theme-admonition-tip alert alert--success"><div class="admonitionHeading_Gvgb"><span class="admonitionIcon_Rf37"><svg viewBox="0 0 12 16"><path d="M6"></path></svg></span>tip</div><div class="admonitionContent_BuS1"><p>Merge functions get both versions.</p><p>Second paragraph.</p></div></div>';
    expect(markdownOf(docusaurus)).toBe(
      '**tip:** Merge functions get both versions.\n\nSecond paragraph.',
    );
    const mkdocs =
      '<div class="admonition warning"><p class="admonition-title">Warning</p><p>Snapshots double the disk usage.</p></div>';
    expect(markdownOf(mkdocs)).toBe('**Warning:** Snapshots double the disk usage.');
    const vitepress =
      '<div class="tip custom-block"><p class="custom-block-title">TIP:</p><p>Pin the version.</p></div>';
    expect(markdownOf(vitepress)).toBe('**TIP:** Pin the version.');
  });

  it('keeps the title as a line of its own when no paragraph follows it', () => {
    const list =
      '<div class="admonition note"><p class="admonition-title">Note</p><ul><li>One</li><li>Two</li></ul></div>';
    expect(markdownOf(list)).toBe('Note\n\n- One\n- Two');
  });

  it('reads AsciiDoc admonitions (a one-row table) as their text, led by their label', () => {
    const asciidocPy =
      '<div class="admonitionblock"><table><tr><td class="icon"><div class="title">Note</div></td><td class="content"><code>ORIG_HEAD</code> may have moved.</td></tr></table></div>';
    expect(markdownOf(asciidocPy)).toBe('**Note:** `ORIG_HEAD` may have moved.');
    const asciidoctor =
      '<div class="admonitionblock warning"><table><tbody><tr><td class="icon"><div class="title">Warning</div></td><td class="content"><div class="paragraph"><p>Back up first.</p></div><div class="paragraph"><p>Then migrate.</p></div></td></tr></tbody></table></div>';
    expect(markdownOf(asciidoctor)).toBe('**Warning:** Back up first.\n\nThen migrate.');
    const fontIcon =
      '<div class="admonitionblock tip"><table><tr><td class="icon"><i class="fa icon-tip" title="Tip"></i></td><td class="content">Use a mirror.</td></tr></table></div>';
    expect(markdownOf(fontIcon)).toBe('**Tip:** Use a mirror.');
    const bare =
      '<div class="admonitionblock caution"><table><tr><td class="icon"></td><td class="content">Slow.</td></tr></table></div>';
    expect(markdownOf(bare)).toBe('**caution:** Slow.');
  });
});

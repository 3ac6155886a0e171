import { describe, expect, it } from 'vitest';
import { markdownInMain as markdownOf } from '../../testing/index.js';

describe('loadHtml: tab panels', () => {
  it('keeps every tab panel, hidden or not, each led by its tab label (Docusaurus: by position)', () => {
    const tabs =
      '<div class="tabs-container"><ul role="tablist" class="tabs"><li role="tab" aria-selected="true">npm</li><li role="tab" aria-selected="false">Yarn</li></ul><div class="margin-top--md"><div role="tabpanel"><p>Run npm install foo.</p></div><div role="tabpanel" hidden=""><p>Run yarn add foo.</p></div></div></div>';
    expect(markdownOf(tabs)).toBe(
      '**npm**:\n\nRun npm install foo.\n\n**Yarn**:\n\nRun yarn add foo.',
    );
  });

  it('labels a panel by its aria-labelledby (Starlight), the tab list staying out', () => {
    const tabs =
      '<starlight-tabs><div class="tablist-wrapper"><ul role="tablist"><li role="presentation"><a role="tab" href="#p0" id="t0">macOS</a></li><li role="presentation"><a role="tab" href="#p1" id="t1">Windows</a></li></ul></div><div id="p0" aria-labelledby="t0" role="tabpanel"><p>Use Homebrew.</p></div><div id="p1" aria-labelledby="t1" role="tabpanel" hidden><p>Use winget.</p></div></starlight-tabs>';
    expect(markdownOf(tabs)).toBe('**macOS**:\n\nUse Homebrew.\n\n**Windows**:\n\nUse winget.');
  });

  it('keeps a hidden panel without a tab list, unlabelled; other hidden elements stay out', () => {
    const body =
      '<div role="tabpanel" style="display: none"><p>Second example.</p></div><div hidden><p>Secret draft.</p></div>';
    expect(markdownOf(body)).toBe('Second example.');
  });

  it('labels radio-button tabs by their <label>s (MkDocs Material, VitePress code groups)', () => {
    const mkdocs =
      '<div class="tabbed-set tabbed-alternate" data-tabs="1:2"><input checked="checked" id="__tabbed_1_1" name="__tabbed_1" type="radio"><input id="__tabbed_1_2" name="__tabbed_1" type="radio"><div class="tabbed-labels"><label for="__tabbed_1_1">npm</label><label for="__tabbed_1_2">Yarn</label></div><div class="tabbed-content"><div class="tabbed-block"><p>Run npm install foo.</p></div><div class="tabbed-block"><p>Run yarn add foo.</p></div></div></div>';
    expect(markdownOf(mkdocs)).toBe(
      '**npm**:\n\nRun npm install foo.\n\n**Yarn**:\n\nRun yarn add foo.',
    );
    const vitepress =
      '<div class="vp-code-group"><div class="tabs"><input type="radio" name="g" id="tab-0" checked><label data-title="npm" for="tab-0">npm</label><input type="radio" name="g" id="tab-1"><label data-title="yarn" for="tab-1">yarn</label></div><div class="blocks"><div class="language-sh active"><pre><code>npm i x</code></pre></div><div class="language-sh"><pre><code>yarn add x</code></pre></div></div></div>';
    expect(markdownOf(vitepress)).toBe(
      '**npm**:\n\n```sh\nnpm i x\n```\n\n**yarn**:\n\n```sh\nyarn add x\n```',
    );
    // Labels that do not match the panels after them in number label nothing, nor do
    // labels of other controls.
    const uneven =
      '<div><input type="radio" id="a"><input type="radio" id="b"><div><label for="a">One</label><label for="b">Two</label></div><div><p>Only one.</p></div></div>';
    expect(markdownOf(uneven)).toBe('Only one.');
    const fields =
      '<div><div><label for="n">Name</label><label for="e">Email</label></div><div><div><input id="n"><p>Your full name.</p></div><div><input id="e"><p>We never share it.</p></div></div></div>';
    expect(markdownOf(fields)).toBe('Your full name.\n\nWe never share it.');
  });
});

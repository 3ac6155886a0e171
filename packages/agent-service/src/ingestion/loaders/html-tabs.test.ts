import { describe, expect, it } from 'vitest';
import { loadHtml } from './html-loader.js';

const markdownOf = (body: string) =>
  loadHtml(`<main><h1>Guide</h1>${body}</main>`).markdown.replace(/^# Guide\n\n/, '');

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
});

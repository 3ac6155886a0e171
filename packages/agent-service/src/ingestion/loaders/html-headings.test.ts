import { describe, expect, it } from 'vitest';
import { loadHtml } from './html-loader.js';

const headings = (body: string) =>
  loadHtml(`<main><h1>Guide</h1>${body}<p>Text.</p></main>`)
    .markdown.split('\n')
    .filter((line) => line.startsWith('## '));

describe('loadHtml: headings', () => {
  it('keeps a heading whose class names chrome (Docusaurus anchorWithStickyNavbar)', () => {
    expect(
      headings('<h2 class="anchor anchorWithStickyNavbar_x sidebar-title" id="a">Setup</h2>'),
    ).toEqual(['## Setup {#a}']);
  });

  it('drops permalinks: glyphs, empty anchors, and links that name themselves permalinks', () => {
    expect(
      headings(
        [
          '<h2 id="a">Glyph<a href="#a">¶</a></h2>',
          '<h2 id="b"><a aria-hidden="true" href="#b">#</a> Leading glyph</h2>',
          '<h2>Inner id<a id="c" href="#c" aria-label="Permalink for this section"></a></h2>',
          '<h2 id="d">Hidden label<a class="permalink" href="#d"><span class="sr-only">Permalink to Hidden label</span></a></h2>',
          '<h2 id="e">Zero&#8203;width <a href="#e" class="x">&ZeroWidthSpace;</a></h2>',
        ].join(''),
      ),
    ).toEqual([
      '## Glyph {#a}',
      '## Leading glyph {#b}',
      '## Inner id {#c}',
      '## Hidden label {#d}',
      '## Zerowidth {#e}',
    ]);
  });

  it('drops a permalink wrapped in a span of its own (Node.js API docs), keeping a span of words', () => {
    expect(
      headings(
        [
          '<h2>File system<span><a class="mark" href="#file-system" id="file-system">#</a></span><a aria-hidden="true" class="legacy" id="fs_file_system"></a></h2>',
          '<h2 id="b">Stable <span class="badge">v2</span></h2>',
        ].join(''),
      ),
    ).toEqual(['## File system {#fs_file_system}', '## Stable v2 {#b}']);
  });

  it('drops a permalink placed right after its heading (Starlight), and only that link', () => {
    const body = [
      '<div class="sl-heading-wrapper level-h2"><h2 id="retries">Retries</h2>',
      '<a class="sl-anchor-link" href="#retries"><span class="sr-only">Section titled “Retries”</span></a></div>',
      '<div><h2 id="%C3%BCbersicht">Übersicht</h2> <a href="#%C3%BCbersicht">Section titled “Übersicht”</a></div>',
      '<h2 id="ordering">Ordering</h2><p><a href="#ordering">Back to Ordering</a> and <a href="#retries">see Retries</a>.</p>',
    ].join('');
    const markdown = loadHtml(`<main><h1>Guide</h1>${body}</main>`).markdown;
    expect(markdown).not.toContain('Section titled');
    expect(markdown).toContain('## Retries {#retries}');
    // A link inside the section's text is content, even when it points at the heading.
    expect(markdown).toContain('Back to Ordering and see Retries.');
  });

  it('keeps the text of a heading that is all a link to itself', () => {
    expect(headings('<h2 id="a"><a class="anchor" href="#a">Configure</a></h2>')).toEqual([
      '## Configure {#a}',
    ]);
  });

  it('takes the id of the <section> a heading opens, after label spans, not of a later one', () => {
    expect(
      headings(
        '<section id="setup"><span id="label"></span><h2>Setup</h2><p>x</p><h2>Second</h2></section>',
      ),
    ).toEqual(['## Setup {#setup}', '## Second']);
  });
});

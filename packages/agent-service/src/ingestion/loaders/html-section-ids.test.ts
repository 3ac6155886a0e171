import { describe, expect, it } from 'vitest';
import { loadHtml } from './html-loader.js';

const headings = (body: string) =>
  loadHtml(`<main><h1>Guide</h1>${body}</main>`)
    .markdown.split('\n')
    .filter((line) => /^#{2,} /.test(line));

describe('loadHtml: a heading takes the id of the block it opens', () => {
  it('directly (DocBook refsect1) or inside title-page wrappers (DocBook sect1/sect2)', () => {
    expect(
      headings(
        '<div class="refsect1" id="notes"><h2>Notes</h2><p>Text.</p></div>' +
          '<div class="sect2" id="ROT"><div class="titlepage"><div><div><h3 class="title">Rotation</h3></div></div></div><p>Text.</p></div>',
      ),
    ).toEqual(['## Notes {#notes}', '### Rotation {#ROT}']);
  });

  it('after empty anchors and labels, and the innermost block wins', () => {
    expect(
      headings(
        '<div id="outer"><a id="ix" class="indexterm"></a><section id="inner"><span id="label"></span><h2>Setup</h2><p>Text.</p></section></div>',
      ),
    ).toEqual(['## Setup {#inner}']);
  });

  it('not when text comes first, not past four wrappers, and never over its own id', () => {
    expect(
      headings(
        [
          '<div id="a"><p>Lead paragraph.</p><h2>After text</h2><p>Text.</p></div>',
          '<div id="b"><div><div><div><div><div><h2>Too deep</h2></div></div></div></div></div><p>Text.</p></div>',
          '<div id="c"><h2 id="own">Own id</h2><p>Text.</p></div>',
          '<span id="d"><h2>Inline wrapper</h2></span><p>Text.</p>',
          '<div id="header"><h2>Layout block</h2></div><p>Text.</p>',
        ].join(''),
      ),
    ).toEqual([
      '## After text',
      '## Too deep',
      '## Own id {#own}',
      '## Inline wrapper',
      '## Layout block',
    ]);
  });
});

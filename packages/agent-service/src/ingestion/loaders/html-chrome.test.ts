import { describe, expect, it } from 'vitest';
import { loadHtml } from './html-loader.js';

const page = (main: string) => loadHtml(`<body><main><h1>Guide</h1>${main}</main></body>`).markdown;

describe('asides', () => {
  it('reads an aside inside the article as a callout, its title starting its text', () => {
    expect(
      page(
        '<p>Before.</p><aside class="starlight-aside starlight-aside--caution" aria-label="Caution"><p class="starlight-aside__title">Caution</p><div class="starlight-aside__content"><p>Never commit the token.</p></div></aside>',
      ),
    ).toBe('# Guide\n\nBefore.\n\n**Caution:** Never commit the token.');
  });

  it('drops an aside that is a menu, metadata, or outside the article', () => {
    expect(
      page(
        [
          '<p>Body.</p>',
          '<aside class="related"><h4>Related</h4><ul><li><a href="/a">Page A</a></li><li><a href="/b">Page B</a></li></ul></aside>',
          '<aside><nav><p>On this page</p><a href="#x">Section X</a></nav></aside>',
          '<aside class="md-source-file"><span>Last update: February 3, 2025</span></aside>',
        ].join(''),
      ),
    ).toBe('# Guide\n\nBody.');
    // A page without <main> or <article>: its asides are sidebars.
    expect(
      loadHtml(
        '<body><h1>Guide</h1><p>Body.</p><aside><p>Site-wide sidebar text.</p></aside></body>',
      ).markdown,
    ).toBe('# Guide\n\nBody.');
  });
});

describe('a page without <main> or a single <article>', () => {
  const links = (count: number) =>
    Array.from(
      { length: count },
      (_, index) => `<li><a href="/m${index}">Module ${index}</a></li>`,
    ).join('');

  it('drops a column of ten links or more that is mostly links (a sidebar no markup names)', () => {
    const markdown = loadHtml(
      `<body><div id="content"><div id="column2" class="interior"><a href="/">Home</a><ul>${links(12)}</ul></div><div id="column1"><h1>Files</h1><p>Read and write files.</p><div><p>See the ${links(3)} pages.</p></div></div></div></body>`,
    ).markdown;
    expect(markdown).not.toContain('Module 11');
    expect(markdown).toContain('Read and write files.');
    expect(markdown).toContain('Module 2');
  });

  it('keeps such a list inside <main>: there the page says what its content is', () => {
    expect(page(`<div><ul>${links(12)}</ul></div>`)).toContain('Module 11');
  });
});

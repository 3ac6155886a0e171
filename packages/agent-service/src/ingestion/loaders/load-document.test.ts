import { describe, expect, it } from 'vitest';
import { sampleHtmlPage } from '../../testing/index.js';
import { DocumentLoadError } from './document-load-error.js';
import { loadDocument } from './load-document.js';

const bytes = (text: string) => new TextEncoder().encode(text);

async function loadError(input: Parameters<typeof loadDocument>[0]) {
  try {
    await loadDocument(input);
  } catch (error) {
    if (error instanceof DocumentLoadError) return error;
    throw error;
  }
  throw new Error('expected loadDocument to fail');
}

describe('loadDocument: Markdown', () => {
  it('takes the front matter title, strips the front matter and keeps the structure', async () => {
    const source = [
      '---',
      'title: "Deploying: the guide"',
      'tags: [ops]',
      '---',
      '# Deploy',
      '',
      'Intro.',
      '',
      '```sh',
      'npm start',
      '```',
    ].join('\r\n');
    const document = await loadDocument({ bytes: bytes(source), fileName: 'deploy.md' });
    expect(document).toEqual({
      format: 'markdown',
      title: 'Deploying: the guide',
      markdown: '# Deploy\n\nIntro.\n\n```sh\nnpm start\n```',
      mimeType: 'text/markdown',
    });
  });

  it('falls back to the first level-1 heading (not one inside code), then the file name', async () => {
    const withHeading = '```sh\n# not a title\n```\n\nSetext title\n============\n\nText.';
    expect((await loadDocument({ bytes: bytes(withHeading), fileName: 'a.md' })).title).toBe(
      'Setext title',
    );
    const broken = '---\ntitle: [unclosed\n---\nBody text.';
    const document = await loadDocument({ bytes: bytes(broken), fileName: 'docs/notes.md' });
    expect(document.title).toBe('notes.md');
    expect(document.markdown).toBe('Body text.');
  });

  it('writes reference links inline, without their definitions', async () => {
    const source = '# Rules\n\nSee the [table spec][spec].\n\n[spec]: https://example.com/spec\n';
    const document = await loadDocument({ bytes: bytes(source), fileName: 'rules.md' });
    expect(document.markdown).toBe('# Rules\n\nSee the [table spec](https://example.com/spec).');
  });
});

describe('loadDocument: text', () => {
  it('decodes UTF-8, UTF-16 (BOM) and Windows-1252, normalising line ends and controls', async () => {
    const utf8 = await loadDocument({
      bytes: bytes('Café\r\nline\u0007 two\n'),
      fileName: 'a.txt',
    });
    expect(utf8).toMatchObject({ format: 'text', title: 'a.txt', markdown: 'Café\nline two' });
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('Grüße', 'utf16le')]);
    expect((await loadDocument({ bytes: utf16, fileName: 'b.txt' })).markdown).toBe('Grüße');
    const latin = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]); // "Café €" in cp1252
    expect((await loadDocument({ bytes: latin, fileName: 'c.txt' })).markdown).toBe('Café €');
    const declared = await loadDocument({
      bytes: new Uint8Array([0x4e, 0xe4, 0x68]),
      mimeType: 'text/plain; charset=ISO-8859-1',
    });
    expect(declared).toMatchObject({ markdown: 'Näh', title: 'Untitled document' });
  });

  it('fails with typed errors for empty, word-less, binary and unsupported input', async () => {
    expect(await loadError({ bytes: new Uint8Array(), fileName: 'e.txt' })).toMatchObject({
      code: 'EMPTY_DOCUMENT',
      status: 422,
      message: 'e.txt is empty.',
    });
    expect((await loadError({ bytes: bytes(' \n--- \n'), fileName: 'e.md' })).code).toBe(
      'EMPTY_DOCUMENT',
    );
    expect(
      (await loadError({ bytes: new Uint8Array([0x41, 0, 0x42]), fileName: 'x.txt' })).code,
    ).toBe('CORRUPT_DOCUMENT');
    const unsupported = await loadError({ bytes: bytes('x'), fileName: 'photo.png' });
    expect(unsupported).toMatchObject({ code: 'UNSUPPORTED_TYPE', status: 415 });
    expect(unsupported.message).toMatch(/^photo\.png is not a supported type\. Supported: .*\.md/);
    expect(unsupported.message).toContain('.html');
    const image = await loadError({
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]),
      url: 'https://example.test/logo',
      mimeType: 'image/png',
    });
    expect(image).toMatchObject({ code: 'NOT_HTML' });
    expect(image.message).toBe(
      'The page at https://example.test/logo is not an HTML page or a supported document (image/png).',
    );
  });
});

describe('loadDocument: HTML', () => {
  it('keeps only the main content, as Markdown with heading ids, list, code and table', async () => {
    const page = sampleHtmlPage();
    const document = await loadDocument({
      bytes: bytes(page.html),
      url: 'https://docs.example.test/install',
      mimeType: 'text/html; charset=utf-8',
    });
    expect(document.format).toBe('html');
    expect(document.title).toBe('Install the widget');
    for (const phrase of page.contentPhrases) expect(document.markdown).toContain(phrase);
    for (const phrase of page.chromePhrases) expect(document.markdown).not.toContain(phrase);
    for (const id of page.headingIds) expect(document.markdown).toContain(`{#${id}}`);
    expect(document.markdown).toContain('## Requirements {#requirements}\n');
    expect(document.markdown).toContain('- A BFF reachable from the browser\n');
    expect(document.markdown).toContain('```html\n<script src="/widget.js"');
    expect(document.markdown).toContain('| data-theme | light, dark or auto |');
  });

  it('finds the content without <main>: a single <article>, else the body minus chrome', async () => {
    const article = `<html><head><title>Blog</title></head><body><header><h1>Site</h1></header>
      <article><header><h1>Post title</h1></header><p>Post body.</p><footer>Tags: x</footer></article>
      <div class="sidebar">Popular posts</div></body></html>`;
    const fromArticle = await loadDocument({ bytes: bytes(article), fileName: 'post.html' });
    expect(fromArticle.markdown).toBe('# Post title\n\nPost body.');
    expect(fromArticle.title).toBe('Blog');
    const soup = `<body><div id="navbar">Home About</div><div style="display: none">Hidden</div>
      <h2>Only heading</h2><p>Body text <a href="/x">with a link</a><img src="a.png" alt="pic">.</p>
      <div role="contentinfo">(c) Soup</div></body>`;
    const fromBody = await loadDocument({ bytes: bytes(soup), fileName: 'soup.htm' });
    const wrapped = `<body><div class="page has-sidebar"><div class="sidebar">Menu</div>
      <h1>Wrapped title</h1><p>Wrapped body.</p></div></body>`;
    expect((await loadDocument({ bytes: bytes(wrapped), fileName: 'w.html' })).markdown).toBe(
      '# Wrapped title\n\nWrapped body.',
    );
    expect(fromBody).toMatchObject({
      title: 'soup.htm',
      markdown: '## Only heading\n\nBody text with a link.',
    });
  });

  it('fails with EMPTY_DOCUMENT for a page that is all chrome, and never on bad markup', async () => {
    const chrome = '<html><body><nav>Menu</nav><footer>Footer</footer><script>x()</script>';
    const error = await loadError({ bytes: bytes(chrome), url: 'https://example.test/' });
    expect(error).toMatchObject({ code: 'EMPTY_DOCUMENT' });
    expect(error.message).toBe('https://example.test/ has no readable main content.');
    const secret = await loadError({
      bytes: bytes(chrome),
      url: 'https://user:s3cret@example.test/docs',
    });
    expect(secret.message).toBe('https://example.test/docs has no readable main content.');
    const broken = '<p>Unclosed <b>bold <table><tr><td>cell</p></div></span> &bogus; text';
    const document = await loadDocument({ bytes: bytes(broken), fileName: 'b.html' });
    expect(document.markdown).toContain('cell');
    expect(document.markdown).toContain('text');
  });

  it('gives the links of a page from the same parse, even when it has no content', async () => {
    const found: string[][] = [];
    const onLinks = (links: string[]) => found.push(links);
    const page = '<nav><a href="/a">A</a></nav><main><p>Text <a href="b#x">B</a></p></main>';
    const html = { mimeType: 'text/html', onLinks };
    const document = await loadDocument({
      bytes: bytes(page),
      url: 'https://example.test/docs/',
      ...html,
    });
    expect(document.markdown).toBe('Text B');
    const hub = '<nav><a href="/a">A</a> <a href="/c">C</a></nav>';
    const error = await loadError({ bytes: bytes(hub), url: 'https://example.test/', ...html });
    expect(error).toMatchObject({ code: 'EMPTY_DOCUMENT' });
    await loadDocument({
      bytes: bytes('# Title\n\n[a](/a)'),
      url: 'https://example.test/x.md',
      onLinks,
    });
    expect(found).toEqual([
      ['https://example.test/a', 'https://example.test/docs/b'],
      ['https://example.test/a', 'https://example.test/c'],
    ]);
  });

  it('is bounded on hostile input: deep nesting is refused fast, moderate nesting read', async () => {
    let started = performance.now();
    for (const deep of [
      `${'<div><span>'.repeat(50_000)}deep text`,
      '<ul><li>level'.repeat(20_000),
      `<p>${'<b>bold'.repeat(50_000)}`,
    ]) {
      const error = await loadError({ bytes: bytes(deep), fileName: 'deep.html' });
      expect(error.code).toBe('CORRUPT_DOCUMENT');
      expect(error.message).toMatch(/levels deep \(more than 2048\); it is refused as malformed/);
    }
    expect(performance.now() - started).toBeLessThan(3_000);
    started = performance.now();
    const moderate = `<main><h2 id="d">Deep</h2>${'<div><span>'.repeat(1_000)}deep text${'</span></div>'.repeat(1_000)}<p>after</p></main>`;
    expect((await loadDocument({ bytes: bytes(moderate), fileName: 'm.html' })).markdown).toBe(
      '## Deep {#d}\n\ndeep text\n\nafter',
    );
    const emphasis = await loadDocument({
      bytes: bytes(`<p>${'<b>x<i>y'.repeat(1_000)}`),
      fileName: 'e.html',
    });
    expect(emphasis.markdown).toBe(`**${'xy'.repeat(1_000)}**`);
    const lists = await loadDocument({
      bytes: bytes('<ul><li>level'.repeat(1_000)),
      fileName: 'l.html',
    });
    expect(lists.markdown.split('level')).toHaveLength(1_001);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('is bounded on hostile input: a 5 MB single line', async () => {
    const line = `<p>${'word '.repeat(1_000_000)}</p>`;
    const started = performance.now();
    const document = await loadDocument({ bytes: bytes(line), fileName: 'line.html' });
    expect(document.markdown.length).toBeGreaterThan(4_000_000);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

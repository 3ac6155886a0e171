import { describe, expect, it } from 'vitest';
import { loadHtml } from './html-loader.js';
import { documentTitle } from './html-title.js';

const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('#'));

describe('the site’s name in a header <h1>', () => {
  it('is not the title when it is the <title>’s site part, after a separator or a dash', () => {
    expect(documentTitle('Install — Acme documentation', 'Acme documentation')).toBe('Install');
    expect(documentTitle('Install - Acme documentation', 'Acme documentation')).toBe('Install');
    expect(documentTitle('Acme documentation', 'Acme documentation')).toBe('Acme documentation');
  });

  it('is left out with the header around it, however the theme marks the content', () => {
    const page = `<html><head><title>Install | Acme documentation</title></head><body>
      <div id="top"><div class="brand"><h1>Acme documentation</h1><p>Fast relays.</p></div>
      <ul class="links"><li><a href="/">Home</a></li><li><a href="/api">API</a></li></ul></div>
      <div id="main-column"><h1>Install</h1><p>Run the installer.</p><h2 id="linux">Linux</h2><p>Use apt.</p></div>
      </body></html>`;
    const loaded = loadHtml(page);
    expect(loaded.title).toBe('Install');
    expect(headings(loaded.markdown)).toEqual(['# Install {#main-column}', '## Linux {#linux}']);
    expect(loaded.markdown).not.toContain('Fast relays');
  });

  it('is left out when it links home and the content has an <h1> of its own', () => {
    const page = `<html><head><title>Install</title></head><body><div role="main">
      <div class="masthead"><h1><a href="../index.html">Acme</a></h1></div>
      <section id="install"><h1>Install<a class="headerlink" href="#install">¶</a></h1><p>Run it.</p></section>
      </div></body></html>`;
    expect(headings(loadHtml(page).markdown)).toEqual(['# Install {#install}']);
  });

  it('leaves a page alone whose first <h1> is its own, or a post’s heading with its text', () => {
    const own = `<html><head><title>Install — Acme</title></head><body>
      <h1><a href="install.html">Install</a></h1><p>Run it.</p><h1>Upgrade</h1><p>Again.</p></body></html>`;
    expect(headings(loadHtml(own).markdown)).toEqual(['# Install', '# Upgrade']);
    const posts = `<html><head><title>Blog — Acme</title></head><body><main>
      <article><h1><a href="/one">One</a></h1><p>${'The first post says a lot. '.repeat(10)}</p></article>
      <article><h1><a href="/two">Two</a></h1><p>The second post.</p></article></main></body></html>`;
    expect(loadHtml(posts).markdown).toContain('The first post says a lot.');
    const single = `<html><head><title>Install — Acme</title></head><body><div><h1>Install</h1><p>Run it.</p></div></body></html>`;
    expect(headings(loadHtml(single).markdown)).toEqual(['# Install']);
  });
});

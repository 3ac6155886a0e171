import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlPages, questionFromTitle, serveDocSite, sitemapXml, spread } from './doc-site.js';

describe('the real-site benchmark site', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'doc-site-'));
    await mkdir(path.join(directory, 'orm'));
    await mkdir(path.join(directory, '_static'));
    await writeFile(path.join(directory, 'index.html'), '<title>Welcome</title>');
    await writeFile(path.join(directory, 'orm', 'session.html'), '<title>Session Basics</title>');
    await writeFile(path.join(directory, '_static', 'search.html'), '<title>Search</title>');
    await writeFile(path.join(directory, 'style.css'), 'body {}');
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it("lists a manual's pages in its subfolders, not its `_` folders or other files", async () => {
    expect(await htmlPages(directory)).toEqual(['index.html', 'orm/session.html']);
  });

  it('makes a question of a page title without its number or the site suffix', () => {
    expect(questionFromTitle('<title>9.4. String Functions and Operators</title>')).toBe(
      'How do string functions and operators work?',
    );
    expect(
      questionFromTitle(
        '<title>\n  Using the legacy backref\n &mdash;\n SQLAlchemy 1.4 Documentation\n</title>',
      ),
    ).toBe('How do using the legacy backref work?');
    expect(questionFromTitle('<title>F.3. amcheck &#8212; tools</title>')).toBe(undefined);
    expect(questionFromTitle('<title>SQL Key Words &amp; pg_dump</title>')).toBe(
      'How do SQL key words & pg_dump work?',
    );
    expect(questionFromTitle('<title>Quickstart &#8212; Flask Documentation (2.2.x)</title>')).toBe(
      undefined,
    );
    expect(questionFromTitle('<p>no title</p>')).toBe(undefined);
  });

  it('spreads a sample over the whole list, the same every time', () => {
    expect(spread([1, 2, 3, 4, 5, 6], 3)).toEqual([1, 3, 5]);
    expect(spread([1, 2], 5)).toEqual([1, 2]);
  });

  it('serves every page under its manual prefix and lists each in the sitemap', async () => {
    const site = await serveDocSite([{ name: 'test-doc', directory, prefix: 'manual' }]);
    try {
      expect(site.pages).toEqual(['manual/index.html', 'manual/orm/session.html']);
      const sitemap = await (await fetch(site.sitemapUrl)).text();
      expect(sitemap).toBe(sitemapXml(site.origin, site.pages));
      expect(sitemap).toContain(`<loc>${site.origin}/manual/orm/session.html</loc>`);
      const page = await fetch(`${site.origin}/manual/orm/session.html`);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('Session Basics');
      expect((await fetch(`${site.origin}/manual/_static/search.html`)).status).toBe(404);
    } finally {
      await site.close();
    }
  });
});

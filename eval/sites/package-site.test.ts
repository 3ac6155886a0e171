import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  docbookContent,
  ensurePackage,
  isDocumentationPage,
  PackageSiteError,
  packageSite,
  pagePath,
  parsePage,
} from './package-site.mjs';

const sphinxPage = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><title>${title} — Demo 1.0 documentation</title>
<link rel="stylesheet" href="_static/style.css"></head><body>
<div class="related" role="navigation"><h3>Navigation</h3><ul><li><a href="genindex.html">Index</a></li></ul></div>
<div class="document"><div class="body" role="main">${body}</div></div>
<div class="sphinxsidebar"><h3>Quick search</h3><form action="search.html"></form></div>
<div class="footer">© Copyright Demo Team.</div></body></html>`;

const apiPage = sphinxPage(
  'API',
  `<section id="api"><h1>API<a class="headerlink" href="#api">¶</a></h1>
<p>The public interface.</p>
<section id="application-object"><h2>Application Object<a class="headerlink" href="#application-object">¶</a></h2>
<dl class="py class"><dt class="sig" id="demo.App"><span class="sig-name">App</span>(name)</dt>
<dd><p>The application.</p>
<dl class="py method"><dt class="sig" id="demo.App.run"><span class="sig-name">run</span>(port)</dt>
<dd><p>Runs the server. The default port is 5000.</p></dd></dl>
<dl class="py method"><dt class="sig" id="demo.App.stop"><span class="sig-name">stop</span>()</dt>
<dd><p>Stops it.</p></dd></dl></dd></dl>
<section id="app-helpers"><h3>Helpers<a class="headerlink" href="#app-helpers">¶</a></h3><p>Small helpers.</p></section>
</section>
<section id="blueprint-objects"><h2>Blueprint Objects<a class="headerlink" href="#blueprint-objects">¶</a></h2>
<p>Blueprints group views.</p></section></section>`,
);

// DocBook XSL's shape: the reference page's title is an h2 like its sections' headings, an
// admonition is titled with an h3, the ids sit on the divs.
const docbookPage = `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head>
<title>CREATE THING</title><link rel="stylesheet" type="text/css" href="stylesheet.css" /></head>
<body id="docContent"><div class="navheader"><table><tr><th>CREATE THING</th></tr><tr><td><a href="index.html">Prev</a> </td><td><a href="index.html">Up</a></td><th>SQL Commands</th><td><a href="index.html">Home</a></td></tr></table><hr /></div>
<div class="refentry" id="SQL-CREATETHING"><div class="titlepage"></div><a id="id-1.2.1" class="indexterm"></a>
<div class="refnamediv"><h2><span class="refentrytitle">CREATE THING</span></h2><p>CREATE THING — define a new thing</p></div>
<div class="refsynopsisdiv"><h2>Synopsis</h2><pre class="synopsis">CREATE THING name</pre></div>
<div class="refsect1" id="id-1.2.5"><h2>Description</h2><p>Makes a thing.</p>
<div class="note"><h3 class="title">Note</h3><p>Things are not forever.</p></div><p>Also after the note.</p></div>
<div class="refsect1" id="id-1.2.6"><h2>Parameters</h2><div class="variablelist"><dl class="variablelist">
<dt id="THING-NAME"><span class="term"><code>name</code></span></dt><dd><p>The name of the thing.</p></dd>
<dt id="THING-SIZE"><span class="term"><code>size</code></span></dt><dd><p>Its size, 8 by default.</p></dd></dl></div></div>
</div><div class="navfooter"><hr /><table><tr><td><a href="index.html">Prev</a> </td><td><a href="index.html">Up</a></td></tr></table></div></body></html>`;

let htmlDir: string;

beforeAll(async () => {
  htmlDir = await mkdtemp(path.join(tmpdir(), 'package-site-'));
  const files: Record<string, string> = {
    'index.html': sphinxPage(
      'Welcome',
      '<section id="welcome"><h1>Welcome</h1><p>Hi.</p></section>',
    ),
    'api.html': apiPage,
    'guide/index.html': sphinxPage('Guide', '<section id="guide"><h1>Guide</h1></section>'),
    'guide/setup.html': sphinxPage('Setup', '<section id="setup"><h1>Setup</h1></section>'),
    'search.html': sphinxPage('Search', '<h1>Search</h1>'),
    'genindex.html': sphinxPage('Index', '<h1>Index</h1>'),
    'py-modindex.html': sphinxPage('Modules', '<h1>Modules</h1>'),
    '_modules/demo.html': sphinxPage('demo', '<h1>Source code for demo</h1>'),
    '_sources/api.rst.txt': 'API\n===\n',
    '_static/style.css': 'body { color: black }\n',
    'sql-creatething.html': docbookPage,
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(htmlDir, file)), { recursive: true });
    await writeFile(path.join(htmlDir, file), text);
  }
});

afterAll(async () => {
  await rm(htmlDir, { recursive: true, force: true });
});

describe('paths', () => {
  it('serves pages at clean paths, index pages with their slash', () => {
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('api.html')).toBe('/api');
    expect(pagePath('guide/index.html')).toBe('/guide/');
    expect(pagePath('guide/setup.html')).toBe('/guide/setup');
  });

  it('leaves sources, module listings, assets, search and index pages out of the sitemap', () => {
    expect(isDocumentationPage('orm/session.html')).toBe(true);
    expect(isDocumentationPage('search.html')).toBe(false);
    expect(isDocumentationPage('genindex.html')).toBe(false);
    expect(isDocumentationPage('genindex-A.html')).toBe(false);
    expect(isDocumentationPage('py-modindex.html')).toBe(false);
    expect(isDocumentationPage('404.html')).toBe(false);
    expect(isDocumentationPage('bookindex.html')).toBe(false);
    expect(isDocumentationPage('_modules/demo.html')).toBe(false);
    expect(isDocumentationPage('_sources/api.rst.txt')).toBe(false);
    expect(isDocumentationPage('_static/style.css')).toBe(false);
  });
});

describe('packageSite', () => {
  it('serves the HTML unchanged, a sitemap of the doc pages, robots.txt and redirects', async () => {
    const site = packageSite({ debianPackage: 'demo-doc', htmlDir });
    const served = await site.startSite({ port: 0 });
    try {
      const get = (route: string) => fetch(served.origin + route, { redirect: 'manual' });
      expect(served.pages.map((page) => page.path).sort()).toEqual([
        '/',
        '/api',
        '/guide/',
        '/guide/setup',
        '/sql-creatething',
      ]);
      expect(served.pages.find((page) => page.path === '/api')?.title).toBe(
        'API — Demo 1.0 documentation',
      );

      const sitemap = await (await get('/sitemap.xml')).text();
      const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(locs.sort()).toEqual(
        ['/', '/api', '/guide/', '/guide/setup', '/sql-creatething'].map(
          (route) => served.origin + route,
        ),
      );

      const robots = await (await get('/robots.txt')).text();
      for (const rule of ['/_sources/', '/_modules/', '/search', '/genindex', '/py-modindex']) {
        expect(robots).toContain(`Disallow: ${rule}\n`);
      }
      expect(robots).not.toContain('/_static/');
      expect(robots).toContain(`Sitemap: ${served.origin}/sitemap.xml`);

      const api = await get('/api');
      expect(api.status).toBe(200);
      expect(api.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await api.text()).toBe(apiPage);
      expect((await get('/guide/')).status).toBe(200);

      for (const [from, to] of [
        ['/api.html', '/api'],
        ['/api/', '/api'],
        ['/guide', '/guide/'],
        ['/guide/index.html', '/guide/'],
        ['/index.html', '/'],
        ['/guide/setup.html?x=1', '/guide/setup?x=1'],
      ] as const) {
        const response = await get(from);
        expect([from, response.status, response.headers.get('location')]).toEqual([from, 301, to]);
      }
      const css = await get('/_static/style.css');
      expect([css.status, css.headers.get('content-type')]).toEqual([
        200,
        'text/css; charset=utf-8',
      ]);
      expect((await get('/search')).status).toBe(200);
      expect((await get('/nope')).status).toBe(404);
      expect((await get('/../../etc/passwd')).status).toBe(404);
    } finally {
      await served.close();
    }
  });

  it('reads sections up to the next heading of the same or a higher level', () => {
    const site = packageSite({ debianPackage: 'demo-doc', htmlDir });
    const page = site.buildSite().pages.find((candidate) => candidate.path === '/api');
    expect(page?.title).toBe('API');
    expect(page?.headings).toEqual([
      { id: 'api', level: 1, text: 'API' },
      { id: 'application-object', level: 2, text: 'Application Object' },
      { id: 'app-helpers', level: 3, text: 'Helpers' },
      { id: 'blueprint-objects', level: 2, text: 'Blueprint Objects' },
    ]);
    const section = page?.sections.find((candidate) => candidate.id === 'application-object');
    expect(section?.text).toContain('The default port is 5000.');
    expect(section?.text).toContain('Small helpers.');
    expect(section?.text).not.toContain('Blueprints group views.');
    expect(page?.text).not.toContain('Quick search');
    expect(page?.text).not.toContain('Copyright');
  });

  it("gives the ids inside a section, and an API entry's own section (dt with its dd)", () => {
    const site = packageSite({ debianPackage: 'demo-doc', htmlDir });
    expect(site.sectionIds('/api', 'application-object')).toEqual([
      'demo.App',
      'demo.App.run',
      'demo.App.stop',
      'app-helpers',
    ]);
    expect(site.sectionIds('/api/', 'blueprint-objects')).toEqual([]);
    expect(site.sectionIds('/nope', 'api')).toEqual([]);
    const page = site.buildSite().pages.find((candidate) => candidate.path === '/api');
    const entry = page?.sectionFor('demo.App.run');
    expect(entry?.text).toContain('The default port is 5000.');
    expect(entry?.text).not.toContain('Stops it.');
  });

  it('reads DocBook: ids on the divs, a reference title spanning its page, admonitions', () => {
    const page = parsePage(docbookPage, { isContent: docbookContent });
    expect(page.title).toBe('CREATE THING');
    expect(page.headings).toEqual([
      { id: 'SQL-CREATETHING', level: 2, text: 'CREATE THING' },
      { id: null, level: 2, text: 'Synopsis' },
      { id: 'id-1.2.5', level: 2, text: 'Description' },
      { id: 'id-1.2.6', level: 2, text: 'Parameters' },
    ]);
    const whole = page.sectionFor('SQL-CREATETHING');
    expect(whole?.text).toContain('Its size, 8 by default.');
    expect(whole?.ids).toContain('THING-SIZE');
    expect(page.sectionFor('id-1.2.5')?.text).toContain('Also after the note.');
    expect(page.sectionFor('THING-SIZE')?.text.replace(/\s+/g, ' ')).toBe(
      'size Its size, 8 by default.',
    );
    expect(page.text).not.toContain('Prev');
  });
});

describe('ensurePackage', () => {
  it('does nothing when the folder is there, and says what to run when apt-get is missing', () => {
    expect(() => ensurePackage('demo-doc', htmlDir)).not.toThrow();
    const pathBefore = process.env.PATH;
    process.env.PATH = path.join(htmlDir, 'no-such-bin');
    try {
      expect(() => ensurePackage('demo-doc', path.join(htmlDir, 'missing'))).toThrow(
        PackageSiteError,
      );
      expect(() => ensurePackage('demo-doc', path.join(htmlDir, 'missing'))).toThrow(
        /apt-get install -y --no-install-recommends demo-doc/,
      );
    } finally {
      process.env.PATH = pathBefore;
    }
  });
});

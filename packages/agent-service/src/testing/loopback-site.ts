import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { docusaurusPage } from './generator-pages/index.js';

/** A small website on 127.0.0.1 for ingestion tests. */
export interface LoopbackSite {
  url: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

const page = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title>
<style>.nav{color:red}</style><script>window.tracking = 'Tracking pixel loaded';</script></head>
<body><nav class="nav"><a href="/">Home</a> <a href="/guide">Guide</a> Navigation menu zeppelin</nav>
<div id="cookie-banner">We use cookies; accept the biscuit consent.</div>
<main>${body}</main>
<footer>Footer copyright walrus 2026</footer></body></html>`;

/**
 * Starts a site: `/` links to the guide, the FAQ, a private page (disallowed by
 * robots.txt), an off-site page (`offsite`, another origin) and more; `/sitemap.xml` is
 * a sitemap index pointing at `/sitemap-pages.xml`; `/loop` redirects forever; `/slow`
 * answers after `slowMs`; `/image.png` is not HTML; `/missing` is a 404; `/page/N` are
 * numbered pages, the first `extraPages` linking to the next; `/sitemap-big.xml` lists
 * `/page/1` to `/page/{sitemapPages}` (a site larger than a crawl limit);
 * `/docs/offline-sync` is a page as Docusaurus writes it (see {@link docusaurusPage}).
 */
export async function startLoopbackSite(
  options: { slowMs?: number; offsite?: string; extraPages?: number; sitemapPages?: number } = {},
): Promise<LoopbackSite> {
  const requests: string[] = [];
  const extraPages = options.extraPages ?? 0;
  const sitemapPages = options.sitemapPages ?? 0;
  let origin = '';
  const routes: Record<
    string,
    () => { type: string; body: string; status?: number; location?: string }
  > = {
    '/': () => ({
      type: 'text/html',
      body: page(
        'Home',
        `<h1>Lighthouse keepers</h1><p>Welcome to the keepers' handbook.</p>
         <a href="/guide">Guide</a> <a href="/faq">FAQ</a> <a href="/private/secret">Secret</a>
         <a href="${options.offsite ?? 'http://example.invalid'}/elsewhere">Elsewhere</a>
         ${extraPages > 0 ? '<a href="/page/1">Pages</a>' : ''}`,
      ),
    }),
    '/guide': () => ({
      type: 'text/html; charset=utf-8',
      body: page(
        'Keeper guide',
        `<h1>Keeper guide</h1><p>The guide for new keepers.</p>
         <h2 id="lamp-care">Lamp care</h2><p>Trim the wick of the Fresnel lamp every evening at dusk.</p>
         <h2 id="fog-signals">Fog signals</h2><p>Sound the foghorn twice a minute while visibility is poor.</p>`,
      ),
    }),
    '/faq': () => ({
      type: 'text/html',
      body: page(
        'FAQ',
        '<h1>FAQ</h1><h2 id="pay">Pay</h2><p>Keepers are paid in herring on Fridays.</p>',
      ),
    }),
    '/private/secret': () => ({
      type: 'text/html',
      body: page('Secret', '<h1>Secret</h1><p>The smugglers hide rum in the cellar.</p>'),
    }),
    '/robots.txt': () => ({ type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' }),
    '/sitemap.xml': () => ({
      type: 'application/xml',
      body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap></sitemapindex>`,
    }),
    '/sitemap-pages.xml': () => ({
      type: 'application/xml',
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>${origin}/guide</loc></url><url><loc>${origin}/faq</loc></url>
        <url><loc>${origin}/private/secret</loc></url>
        <url><loc>${options.offsite ?? 'http://example.invalid'}/elsewhere</loc></url></urlset>`,
    }),
    '/sitemap-big.xml': () => ({
      type: 'application/xml',
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
        { length: sitemapPages },
        (_, index) => `<url><loc>${origin}/page/${index + 1}</loc></url>`,
      ).join('')}</urlset>`,
    }),
    '/loop': () => ({ type: 'text/plain', body: '', status: 302, location: '/loop-again' }),
    '/loop-again': () => ({ type: 'text/plain', body: '', status: 302, location: '/loop' }),
    '/image.png': () => ({ type: 'image/png', body: '\u0089PNG' }),
    '/empty': () => ({ type: 'text/html', body: page('Empty', '') }),
    '/docs/offline-sync': () => ({ type: 'text/html; charset=utf-8', body: docusaurusPage.html }),
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push(path);
    const numbered = /^\/page\/(\d+)$/.exec(path);
    if (numbered) {
      const number = Number(numbered[1]);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        page(
          `Page ${number}`,
          `<h1>Page ${number}</h1><p>Tide table number ${number} for harbour ${number}.</p>${number < extraPages ? `<a href="/page/${number + 1}">next</a>` : ''}`,
        ),
      );
      return;
    }
    if (path === '/slow') {
      const timer = setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(page('Slow', '<p>Finally.</p>'));
      }, options.slowMs ?? 5_000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    const route = routes[path];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const answer = route();
    res.writeHead(answer.status ?? 200, {
      'content-type': answer.type,
      ...(answer.location ? { location: answer.location } : {}),
    });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A real documentation site for the answer-path benchmark: the HTML pages of a Debian
 * documentation package (PostgreSQL 15's manual by default, ~1,170 DocBook pages, ~20,000
 * chunks), served from loopback with a sitemap as the site would be, and questions made
 * from the pages' own titles. Nothing is downloaded: a machine without the package skips
 * the section and says how to install it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** A Debian package's HTML manual, served under `/<prefix>/`. */
export interface Manual {
  /** The Debian package that installs it. */
  name: string;
  /** Where its pages are. */
  directory: string;
  prefix: string;
}

/**
 * The manuals that make the benchmark's site, about 20,000 chunks together: PostgreSQL 15
 * (DocBook, ~1,170 pages), SQLAlchemy 1.4 (Sphinx, long reference pages) and Flask (Sphinx).
 */
export const DOC_SITE_MANUALS: readonly Manual[] = [
  {
    name: 'postgresql-doc-15',
    directory: '/usr/share/doc/postgresql-doc-15/html',
    prefix: 'postgresql',
  },
  {
    name: 'python-sqlalchemy-doc',
    directory: '/usr/share/doc/python-sqlalchemy-doc/html',
    prefix: 'sqlalchemy',
  },
  { name: 'python-flask-doc', directory: '/usr/share/doc/python-flask-doc/html', prefix: 'flask' },
];

/**
 * The `.html` pages of a documentation directory and its subfolders, as relative paths,
 * sorted (the sitemap's order); folders starting with `_` (Sphinx's `_static`, `_modules`
 * source listings) are no pages of the manual.
 */
export async function htmlPages(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(directory, path.join(entry.parentPath ?? entry.path, entry.name)))
    .filter((page) => !page.split(path.sep).some((part) => part.startsWith('_')))
    .map((page) => page.split(path.sep).join('/'))
    .sort();
}

/** A sitemap.xml listing `pages` (file names) under `origin`. */
export function sitemapXml(origin: string, pages: readonly string[]): string {
  const urls = pages.map((page) => `<url><loc>${origin}/${encodeURI(page)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  mdash: '—',
  '#8212': '—',
};

/**
 * A reader's question about a page, from its `<title>`: the section number and the site's
 * suffix dropped, title case lowered ("9.4. String Functions and Operators" → "How do
 * string functions and operators work?"); undefined for a page without a title of two
 * words or more.
 */
export function questionFromTitle(html: string): string | undefined {
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1];
  if (!title) return undefined;
  const text = title
    .replace(/&(amp|lt|gt|quot|#39|mdash|#8212);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .replace(/ — .*$/, '')
    .trim()
    .replace(/^[\dA-Z]+(?:\.\d+)*\.\s+/, '');
  if (text.split(' ').length < 2) return undefined;
  // As a reader types it: title case lowered, acronyms and code (`SQL`, `pg_dump`) kept.
  const asTyped = text.replace(/\b\p{Lu}\p{Ll}+\b/gu, (word) => word.toLowerCase());
  return `How do ${asTyped} work?`;
}

/** `count` items spread evenly over `items` (all when there are fewer), the same every run. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, index) => items[Math.floor(index * step)] as T);
}

/** Manuals served on loopback as one site (see {@link serveDocSite}). */
export interface DocSite {
  origin: string;
  sitemapUrl: string;
  /** Every page's path, `<prefix>/<page>`. */
  pages: string[];
  /** The file each page is served from, by path. */
  files: ReadonlyMap<string, string>;
  close(): Promise<void>;
}

/**
 * Serves the manuals' pages (each under `/<prefix>/`) and `/sitemap.xml` (every page) on
 * 127.0.0.1, port 0.
 */
export async function serveDocSite(manuals: readonly Manual[]): Promise<DocSite> {
  const files = new Map<string, string>();
  for (const manual of manuals) {
    for (const page of await htmlPages(manual.directory)) {
      files.set(`${manual.prefix}/${page}`, path.join(manual.directory, page));
    }
  }
  const pages = [...files.keys()];
  let sitemap = '';
  const server = createServer((req, res) => {
    const name = decodeURI((req.url ?? '/').split(/[?#]/)[0] ?? '/').slice(1);
    if (name === 'sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(sitemap);
      return;
    }
    const file = files.get(name);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(body);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sitemap = sitemapXml(origin, pages);
  return {
    origin,
    sitemapUrl: `${origin}/sitemap.xml`,
    pages,
    files,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

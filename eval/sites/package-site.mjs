// Development sets whose pages come from a Debian documentation package (issue 50 §1): the
// package's HTML, served unchanged (its own theme and chrome) from 127.0.0.1 with node:http only,
// at clean paths, with a sitemap and a robots.txt. Nothing of the package is copied into the repo:
// when its HTML folder is missing the package is installed with apt-get (root only).
//
// A set folder (eval/sites/<name>/) holds questions.json, README.md and a serve-site.mjs of a few
// lines:
//
//   import { packageSite, runSiteCli } from '../package-site.mjs';
//   export const { startSite, buildSite, sectionIds, BOILERPLATE_MARKERS } = packageSite({
//     debianPackage: 'postgresql-doc-15',
//     htmlDir: '/usr/share/doc/postgresql-doc-15/html',
//     isContent: docbookContent,
//     boilerplate: [{ where: 'navigation header', text: 'Prev Up' }],
//   });
//   export { htmlToText, normText } from '../package-site.mjs';
//   await runSiteCli(import.meta.url, startSite);
//
// Paths: `a/b.html` is served at /a/b, `a/index.html` at /a/ (with its slash, so that the page's
// relative links still resolve), the root index.html at /. `/a/b.html`, `/a/b/` and `/a` (for /a/)
// answer 301 to the clean path. Every other file of the folder (_static/, _images/, _sources/,
// stylesheet.css…) is served at its own path. /sitemap.xml lists the documentation pages: every
// .html file but those under _sources/, _modules/, _static/, _images/, _downloads/ and the search,
// index and 404 pages (SKIPPED_PAGE); /robots.txt disallows what the sitemap leaves out.
//
// Sections (buildSite, sectionIds, check-questions.mjs): a heading's id is its own id, else the id
// of the element the heading opens (Sphinx `<section id>`, DocBook `<div class="sect2" id>` and
// `<div class="refentry" id>`: no text between the element's start and the heading), else the
// target of its permalink. Its section runs from the heading to the next heading of the same or a
// higher level; when the id is on such an element, to that element's end (the same place, but in
// DocBook's reference pages, which title themselves with an h2 like their own h2 sections). An id that
// is not a heading's (a Sphinx or DocBook `dt` API or parameter entry, an anchor) has the element's
// extent as its section (a `dt` with its `dd`). A cited `page#id` counts as a question's section
// when the id is the heading's or any id inside its section (`sectionIds`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders of a Sphinx build that hold no documentation pages. */
const SKIPPED_FOLDERS = new Set(['_sources', '_modules', '_static', '_images', '_downloads']);

/** Generated pages that are no documentation: search, indexes, 404. */
export const SKIPPED_PAGE =
  /(^|\/)(search|genindex(-[^/]*)?|py-modindex|modindex|404|bookindex)\.html$/;

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.inv': 'application/octet-stream',
};

// ---------------------------------------------------------------------------------- text

const ENTITIES = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  ZeroWidthSpace: '\u200b',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  rarr: '→',
  larr: '←',
  para: '¶',
  laquo: '«',
  raquo: '»',
  reg: '®',
  trade: '™',
};

/** Decodes numeric and the common named HTML entities. */
export function decodeEntities(text) {
  return String(text).replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number.parseInt(entity.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[entity] ?? match;
  });
}

const BLOCK_TAGS =
  'p|div|h[1-6]|li|ul|ol|dl|dt|dd|pre|table|tr|thead|tbody|caption|blockquote|section|article|header|footer|nav|aside|details|summary|figure|figcaption|hr';

/** Visible text of an HTML fragment: no script/style/svg/comments, block elements on their own lines. */
export function htmlToText(html) {
  const text = String(html)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|svg)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(new RegExp(`</?(${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\n')
    .replace(/<\/t[dh]>/gi, ' \t ')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The normalisation the phrase checks use, the same as the service's `normalizeEvalText` and the
 * other sets' `normText()`: entities decoded, Markdown links / inline code / emphasis markers and
 * HTML tags dropped, quotes straightened, whitespace collapsed, lower case.
 */
export function normText(text) {
  return decodeEntities(String(text ?? ''))
    .normalize('NFKC')
    .replace(/\u200b/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/`+/g, '')
    .replace(/\*\*|__/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

// ---------------------------------------------------------------------------------- paths

/**
 * The clean path a page file (relative to the HTML folder, `/`-separated) is served at:
 * `a/b.html` → `/a/b`, `a/index.html` → `/a/`, `index.html` → `/`.
 */
export function pagePath(file) {
  const rel = file.split(path.sep).join('/');
  if (rel === 'index.html') return '/';
  if (rel.endsWith('/index.html')) return `/${rel.slice(0, -'index.html'.length)}`;
  return `/${rel.replace(/\.html$/, '')}`;
}

/** A page path for comparing: trailing slashes dropped (`/` stays `/`), as the scorer compares. */
export function comparablePath(pagePathOrUrl) {
  const pathname = new URL(pagePathOrUrl, 'http://placeholder.invalid').pathname;
  const trimmed = decodeURIComponent(pathname).replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Whether a file (relative path) is one of the documentation pages the sitemap lists. */
export function isDocumentationPage(file) {
  const rel = file.split(path.sep).join('/');
  if (!rel.endsWith('.html')) return false;
  if (rel.split('/').some((part) => SKIPPED_FOLDERS.has(part))) return false;
  return !SKIPPED_PAGE.test(rel);
}

/** Every file under `dir` (symlinks followed), relative, `/`-separated, sorted. */
export function listFiles(dir) {
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const rel = relative === '' ? entry.name : `${relative}/${entry.name}`;
      let stats;
      try {
        stats = statSync(path.join(dir, rel));
      } catch {
        continue; // a dangling symlink (Debian links _static/jquery.js to another package)
      }
      if (stats.isDirectory()) walk(rel);
      else if (stats.isFile()) files.push(rel);
    }
  };
  walk('');
  return files.sort();
}

// ---------------------------------------------------------------------------------- install

/** Thrown when a set's package is missing and cannot be installed here. */
export class PackageSiteError extends Error {
  name = 'PackageSiteError';
}

/**
 * Makes sure `htmlDir` exists: when it does not, installs `debianPackage` with
 * `apt-get install -y --no-install-recommends` (then, if that fails, after `apt-get update`).
 * Throws a {@link PackageSiteError} saying what to run when not root or without apt-get, or when
 * the package installed no HTML (a dpkg `path-exclude` for /usr/share/doc, as slim images have).
 */
export function ensurePackage(
  debianPackage,
  htmlDir,
  { log = (line) => console.error(line) } = {},
) {
  if (existsSync(htmlDir)) return;
  const command = `apt-get install -y --no-install-recommends ${debianPackage}`;
  if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).error) {
    throw new PackageSiteError(
      `${htmlDir} is missing and apt-get is not available here: this set needs the Debian package ${debianPackage} (run "${command}" on a Debian or Ubuntu machine).`,
    );
  }
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new PackageSiteError(
      `${htmlDir} is missing: install the Debian package ${debianPackage} first (sudo ${command}).`,
    );
  }
  log(`${htmlDir} is missing: installing the Debian package ${debianPackage} (${command})`);
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', debianPackage], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!install()) {
    log('apt-get install failed: running apt-get update, then trying again');
    spawnSync('apt-get', ['update'], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (!install()) {
      throw new PackageSiteError(`"${command}" failed (see its output above).`);
    }
  }
  if (!existsSync(htmlDir)) {
    throw new PackageSiteError(
      `${debianPackage} is installed but ${htmlDir} is missing: is /usr/share/doc excluded by a dpkg path-exclude (/etc/dpkg/dpkg.cfg.d/)? Remove it and reinstall the package.`,
    );
  }
}

// ---------------------------------------------------------------------------------- parsing

const VOID_TAGS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'param',
]);

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\?[\s\S]*?\?>|<(\/?)([A-Za-z][A-Za-z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s=/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributesOf(source) {
  const attributes = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1].toLowerCase();
    if (!(name in attributes))
      attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * The elements of a page in document order, each `{ tag, attributes, parent, children, start,
 * openEnd, closeStart, end }` (offsets into `html`). A small tolerant scanner, enough for the
 * generated HTML of Sphinx and DocBook: void elements and `/>` close at once, an end tag closes
 * the nearest open element of its name (and what is open inside it), script and style are raw.
 */
export function scanElements(html) {
  const root = { tag: '#root', attributes: {}, parent: null, children: [], start: 0, openEnd: 0 };
  const elements = [];
  const stack = [root];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match !== null; match = TOKEN.exec(html)) {
    if (match[2] === undefined) continue;
    const tag = match[2].toLowerCase();
    if (match[1] === '/') {
      const at = stack.findLastIndex((element) => element.tag === tag);
      if (at <= 0) continue;
      while (stack.length > at + 1) {
        const inner = stack.pop();
        inner.closeStart = match.index;
        inner.end = match.index;
      }
      const element = stack.pop();
      element.closeStart = match.index;
      element.end = TOKEN.lastIndex;
      continue;
    }
    const parent = stack[stack.length - 1];
    const element = {
      tag,
      attributes: attributesOf(match[3]),
      parent,
      children: [],
      start: match.index,
      openEnd: TOKEN.lastIndex,
      closeStart: TOKEN.lastIndex,
      end: TOKEN.lastIndex,
    };
    parent.children.push(element);
    elements.push(element);
    if (tag === 'script' || tag === 'style') {
      const closing = new RegExp(`</${tag}\\s*>`, 'gi');
      closing.lastIndex = TOKEN.lastIndex;
      const close = closing.exec(html);
      element.closeStart = close ? close.index : html.length;
      element.end = close ? closing.lastIndex : html.length;
      TOKEN.lastIndex = element.end;
    } else if (!VOID_TAGS.has(tag) && !/\/\s*$/.test(match[3])) {
      stack.push(element);
    }
  }
  for (const element of stack.slice(1)) {
    element.closeStart = html.length;
    element.end = html.length;
  }
  return elements;
}

/** Sphinx themes and most generators: the element with `role="main"`, else `<main>`. */
export function sphinxContent(element) {
  return element.attributes.role === 'main' || element.tag === 'main';
}

/** DocBook XSL: the `<div>` child of `<body>` between the navigation header and footer. */
export function docbookContent(element) {
  return (
    element.tag === 'div' &&
    element.parent?.tag === 'body' &&
    !/\bnav(header|footer)\b/.test(element.attributes.class ?? '')
  );
}

const ADMONITION = /^(note|tip|warning|caution|important)$/;
const headingLevel = (element) => (/^h[1-6]$/.test(element.tag) ? Number(element.tag[1]) : 0);
const cleanTitle = (html) =>
  htmlToText(html)
    .replace(/[¶#]\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A page read for the checks: `{ title, text, headings: [{ id, level, text }], sections: [{ id,
 * level, title, text, ids }], ids, sectionFor(id) }` where `text` is the content's visible text,
 * `sections` are the headings' sections (see the top of this file), `ids` every id in the
 * content, and `sectionFor(id)` the section of any id in the content (a heading's, or the extent
 * of the element holding it), `undefined` when the content has no such id.
 */
export function parsePage(html, { isContent = sphinxContent } = {}) {
  const elements = scanElements(html);
  const root = elements.find(isContent) ??
    elements.find((element) => element.tag === 'body') ??
    elements[0] ?? { start: 0, openEnd: 0, closeStart: html.length, end: html.length };
  const inContent = (element) => element.start >= root.openEnd && element.end <= root.closeStart;
  const content = elements.filter(inContent);
  const titleElement = elements.find((element) => element.tag === 'title');
  // DocBook titles its admonitions with headings ("Note", "Tip"): no section of their own.
  const headingElements = content.filter(
    (element) =>
      headingLevel(element) > 0 &&
      !ADMONITION.test(element.parent?.attributes.class ?? '') &&
      !ADMONITION.test(element.parent?.parent?.attributes.class ?? ''),
  );

  // No text between the container's start and the element (tags and whitespace only).
  const leads = (container, element) =>
    /^(?:\s*<[^>]*>)*\s*$/.test(html.slice(container.openEnd, element.start));
  const headings = headingElements.map((element, index) => {
    let id = element.attributes.id;
    let holder = id ? element : undefined;
    if (!id) {
      for (let up = element.parent; up && (up === root || inContent(up)); up = up.parent) {
        if (!leads(up, element)) break;
        if (up.attributes.id) {
          id = up.attributes.id;
          holder = up;
          break;
        }
        if (up === root) break;
      }
    }
    if (!id) {
      const inner = html.slice(element.openEnd, element.closeStart);
      id =
        /<a\b[^>]*\bhref="#([^"]+)"[^>]*class="headerlink"|<a\b[^>]*class="headerlink"[^>]*\bhref="#([^"]+)"/
          .exec(inner)
          ?.slice(1)
          .find(Boolean);
    }
    const level = headingLevel(element);
    const next = headingElements.slice(index + 1).find((other) => headingLevel(other) <= level);
    const byHeadings = next ? next.start : root.closeStart;
    const end = holder && holder !== element ? holder.closeStart : byHeadings;
    return {
      id: id ?? null,
      level,
      text: cleanTitle(html.slice(element.openEnd, element.closeStart)),
      start: element.start,
      end: Math.min(end, root.closeStart),
    };
  });

  const withIds = content.filter((element) => element.attributes.id);
  const firstAtOrAfter = (offset) => {
    let low = 0;
    let high = withIds.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (withIds[middle].start < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const idsBetween = (start, end, except) =>
    withIds
      .slice(firstAtOrAfter(start), firstAtOrAfter(end))
      .map((element) => element.attributes.id)
      .filter((id) => id !== except);
  const sectionOf = (id, start, end, level, title) => ({
    id,
    level,
    title,
    text: htmlToText(html.slice(start, end)),
    ids: idsBetween(start, end, id),
  });
  const sections = headings
    .filter((heading) => heading.id !== null)
    .map((heading) =>
      sectionOf(heading.id, heading.start, heading.end, heading.level, heading.text),
    );
  const byId = new Map(sections.map((section) => [section.id, section]));

  const sectionFor = (id) => {
    if (byId.has(id)) return byId.get(id);
    const element = content.find((candidate) => candidate.attributes.id === id);
    if (!element) return undefined;
    let end = element.end;
    if (element.tag === 'dt') {
      const siblings = element.parent.children;
      for (const sibling of siblings.slice(siblings.indexOf(element) + 1)) {
        if (sibling.tag === 'dd') {
          end = sibling.end;
          break;
        }
        if (sibling.tag !== 'dt') break;
      }
    }
    const title = cleanTitle(html.slice(element.openEnd, element.closeStart)).slice(0, 120);
    const section = sectionOf(id, element.start, end, 0, title);
    byId.set(id, section);
    return section;
  };

  const h1 = headings.find((heading) => heading.level === 1);
  const documentTitle = titleElement
    ? cleanTitle(html.slice(titleElement.openEnd, titleElement.closeStart))
    : undefined;
  return {
    title: h1?.text || documentTitle || headings[0]?.text || '',
    text: htmlToText(html.slice(root.openEnd, root.closeStart)),
    headings: headings.map(({ id, level, text }) => ({ id, level, text })),
    sections,
    ids: content.map((element) => element.attributes.id).filter(Boolean),
    sectionFor,
  };
}

// ---------------------------------------------------------------------------------- the site

const escapeXml = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A development set served from a Debian documentation package. Options: `debianPackage` (the
 * package name), `htmlDir` (its HTML folder), `isContent` (which element holds a page's content:
 * {@link sphinxContent}, the default, or {@link docbookContent}), `boilerplate` (text only the
 * theme's chrome holds, `[{ where, text }]`: an answer quoting it quotes boilerplate).
 * Returns what a set's serve-site.mjs exports: `startSite`, `buildSite`, `sectionIds`,
 * `BOILERPLATE_MARKERS`, and `files()` (the served files and the sitemap's pages).
 */
export function packageSite({
  debianPackage,
  htmlDir,
  isContent = sphinxContent,
  boilerplate = [],
}) {
  let listing;
  const parsed = new Map();
  const files = () => {
    if (listing) return listing;
    ensurePackage(debianPackage, htmlDir);
    const all = listFiles(htmlDir);
    const pages = all.filter(isDocumentationPage).map((file) => ({ file, path: pagePath(file) }));
    listing = { all, pages };
    return listing;
  };
  let pathIndex;
  const read = (file) => {
    if (!parsed.has(file)) {
      const html = readFileSync(path.join(htmlDir, file), 'utf8');
      parsed.set(file, parsePage(html, { isContent }));
    }
    return parsed.get(file);
  };
  const fileOfPage = (page) => {
    pathIndex ??= indexByPath(files().all);
    return pathIndex.get(comparablePath(page));
  };

  /** Every documentation page parsed: `{ pages: [{ path, file, title, text, headings, sections, ids, sectionFor }] }`. */
  const buildSite = () => ({
    pages: files().pages.map(({ file, path: served }) => ({ path: served, file, ...read(file) })),
  });

  /**
   * The ids inside a question's section other than its own (`[]` when there are none or the
   * page or id is not on the site): the cited `page#id`s that count as that section too.
   */
  const sectionIds = (page, heading) => {
    const file = fileOfPage(page);
    if (file === undefined) return [];
    return read(file).sectionFor(heading)?.ids ?? [];
  };

  /** Serves the site on `host` (127.0.0.1), `port` (0: a free one): `{ origin, pages: [{ path, url, title }], close() }`. */
  const startSite = async ({ port = 0, host = '127.0.0.1' } = {}) => {
    const { pages } = files();
    const server = http.createServer(createHandler({ htmlDir, files: files() }));
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    const origin = `http://${host}:${server.address().port}`;
    return {
      origin,
      pages: pages.map(({ file, path: served }) => ({
        path: served,
        url: origin + served,
        title: titleOf(path.join(htmlDir, file)),
      })),
      close: () =>
        new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections?.();
        }),
    };
  };

  return { startSite, buildSite, sectionIds, files, BOILERPLATE_MARKERS: boilerplate };
}

function titleOf(file) {
  const head = readFileSync(file, 'utf8').slice(0, 4096);
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head);
  return match ? decodeEntities(match[1]).replace(/\s+/g, ' ').trim() : '';
}

/** The HTML files by the comparable form of the path each is served at. */
function indexByPath(all) {
  return new Map(
    all
      .filter((name) => name.endsWith('.html'))
      .map((name) => [comparablePath(pagePath(name)), name]),
  );
}

/**
 * The request handler of a package site: `files` is `{ all, pages }` as `packageSite().files()`
 * gives (every file of `htmlDir`, relative; the sitemap's pages `{ file, path }`).
 */
export function createHandler({ htmlDir, files }) {
  const allFiles = new Set(files.all);
  const pathIndex = indexByPath(files.all);
  const pageFiles = new Map(
    files.all.filter((name) => name.endsWith('.html')).map((name) => [pagePath(name), name]),
  );
  const sitemapPaths = files.pages.map((page) => page.path);
  // Assets stay allowed (a crawler that renders pages needs them); sources and module listings not.
  const skippedFolders = ['_sources', '_modules']
    .filter((folder) => files.all.some((name) => name.startsWith(`${folder}/`)))
    .map((folder) => `/${folder}/`);
  const skippedPages = [...pageFiles.keys()].filter(
    (served) =>
      !sitemapPaths.includes(served) &&
      !SKIPPED_FOLDERS.has(served.split('/')[1]) &&
      !sitemapPaths.some((kept) => kept.startsWith(served)),
  );
  const robots = (origin) =>
    `User-agent: *\n${[...skippedFolders, ...skippedPages].map((rule) => `Disallow: ${rule}\n`).join('')}\nSitemap: ${origin}/sitemap.xml\n`;
  const sitemap = (origin) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapPaths
      .map((served) => `<url><loc>${escapeXml(origin + encodeURI(served))}</loc></url>`)
      .join('\n')}\n</urlset>\n`;

  return (req, res) => {
    const origin = `http://${req.headers.host || '127.0.0.1'}`;
    const url = new URL(req.url ?? '/', origin);
    let requested;
    try {
      requested = decodeURIComponent(url.pathname);
    } catch {
      requested = url.pathname;
    }
    const send = (status, type, body, headers = {}) => {
      res.writeHead(status, {
        'content-type': type,
        'content-length': Buffer.byteLength(body),
        ...headers,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(405, 'text/plain; charset=utf-8', 'Method Not Allowed\n', { allow: 'GET, HEAD' });
    }
    if (requested === '/robots.txt') return send(200, 'text/plain; charset=utf-8', robots(origin));
    if (requested === '/sitemap.xml') {
      return send(200, 'application/xml; charset=utf-8', sitemap(origin));
    }
    const page = pageFiles.get(requested);
    if (page !== undefined) {
      return send(200, 'text/html; charset=utf-8', readFileSync(path.join(htmlDir, page)));
    }
    const relative = requested.replace(/^\/+/, '');
    if (!requested.endsWith('.html') && allFiles.has(relative)) {
      const type =
        CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream';
      return send(200, type, readFileSync(path.join(htmlDir, relative)));
    }
    const clean = requested.endsWith('.html') ? pagePath(relative) : requested;
    const file = pathIndex.get(comparablePath(clean));
    if (file !== undefined) {
      const location = encodeURI(pagePath(file)) + url.search;
      return send(301, 'text/plain; charset=utf-8', `Moved to ${location}\n`, { location });
    }
    return send(
      404,
      'text/html; charset=utf-8',
      '<!doctype html><title>Not found</title><h1>Not found</h1>\n',
    );
  };
}

/**
 * `node serve-site.mjs [--port N]` for a set: serves until killed. Does nothing when the set's
 * module is imported rather than run (`moduleUrl`: the set's `import.meta.url`).
 */
export async function runSiteCli(moduleUrl, startSite) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  const at = process.argv.indexOf('--port');
  const port = at >= 0 ? Number(process.argv[at + 1]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: node serve-site.mjs [--port N]');
    process.exit(2);
  }
  const site = await startSite({ port });
  console.log(
    `site: ${site.origin}/ (${site.pages.length} pages), sitemap ${site.origin}/sitemap.xml`,
  );
  const stop = () => site.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

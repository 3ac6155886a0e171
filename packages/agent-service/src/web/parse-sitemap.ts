/** The URLs a sitemap lists: pages (`<urlset>`) and further sitemaps (`<sitemapindex>`). */
export interface SitemapEntries {
  pages: string[];
  sitemaps: string[];
  /** A page's `<lastmod>` (W3C datetime, as written), by its `<loc>`, when it has one. */
  lastModified: Map<string, string>;
}

const namedEntities = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

// XML character data: the five predefined entities and numeric references decoded;
// anything else (an undeclared entity) is kept as written.
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities.get(name) ?? whole;
  });
}

// The text of an element's content: CDATA sections taken literally, comments skipped,
// the rest entity-decoded.
function contentText(raw: string): string {
  let text = '';
  let at = 0;
  for (let next = raw.indexOf('<!', at); next >= 0; next = raw.indexOf('<!', at)) {
    text += decodeEntities(raw.slice(at, next));
    if (raw.startsWith('<![CDATA[', next)) {
      const end = raw.indexOf(']]>', next + 9);
      if (end < 0) return text + raw.slice(next + 9);
      text += raw.slice(next + 9, end);
      at = end + 3;
    } else if (raw.startsWith('<!--', next)) {
      const end = raw.indexOf('-->', next + 4);
      if (end < 0) return text;
      at = end + 3;
    } else {
      text += '<!';
      at = next + 2;
    }
  }
  return text + decodeEntities(raw.slice(at));
}

// Where a skipped construct (comment, CDATA section, processing instruction, declaration)
// that starts at `at` ends, or -1 when `at` starts none; -2 when it never ends.
function skipped(xml: string, at: number): number {
  const end = (open: string, close: string) => {
    if (!xml.startsWith(open, at)) return -1;
    const found = xml.indexOf(close, at + open.length);
    return found < 0 ? -2 : found + close.length;
  };
  for (const [open, close] of [
    ['<!--', '-->'],
    ['<![CDATA[', ']]>'],
    ['<?', '?>'],
    ['<!', '>'],
  ] as const) {
    const found = end(open, close);
    if (found !== -1) return found;
  }
  return -1;
}

// `sm:loc` → `loc`.
const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1).toLowerCase();

// Where the `</loc>` (or `</lastmod>`) that ends a location starts and ends, past comments
// and CDATA sections (whose text may hold `</loc>`); each `<` is looked at once.
function locationEnd(
  xml: string,
  from: number,
  element: string,
): { start: number; end: number } | undefined {
  let at = from;
  for (let open = xml.indexOf('<', at); open >= 0; open = xml.indexOf('<', at)) {
    const past = skipped(xml, open);
    if (past === -2) return undefined;
    if (past >= 0) {
      at = past;
      continue;
    }
    if (xml.charCodeAt(open + 1) === 47) {
      const close = xml.indexOf('>', open);
      if (close < 0) return undefined;
      if (localName(xml.slice(open + 2, close).trim()) === element) {
        return { start: open, end: close + 1 };
      }
      at = close + 1;
      continue;
    }
    at = open + 1;
  }
  return undefined;
}

const maxTrackedDepth = 32;

/**
 * Reads a sitemap.xml or sitemap index: the `<loc>` of each `<url>` (a page, with its
 * `<lastmod>` if any) and of each `<sitemap>` (another sitemap), in order. Namespace prefixes are ignored, CDATA sections
 * and entities read, comments, processing instructions and declarations skipped. One
 * linear scan that never throws: malformed XML yields what could be read. (The protocol
 * is this small, so no XML parser is needed; the HTML parser would lose CDATA sections.)
 */
export function parseSitemap(xml: string): SitemapEntries {
  const entries: SitemapEntries = { pages: [], sitemaps: [], lastModified: new Map() };
  // The <loc> and <lastmod> of the <url> being read (either may come first).
  let page: { location?: string; lastModified?: string } = {};
  // The open elements, by local name: a <loc> counts only right inside <url> or <sitemap>
  // (not <image:image>). Sitemaps are a few levels deep; deeper elements are not tracked.
  const open: string[] = [];
  let at = 0;
  for (let start = xml.indexOf('<', at); start >= 0; start = xml.indexOf('<', at)) {
    const past = skipped(xml, start);
    if (past === -2) break;
    if (past >= 0) {
      at = past;
      continue;
    }
    const close = xml.indexOf('>', start);
    if (close < 0) break;
    const tag = xml.slice(start + 1, close);
    const closing = tag.startsWith('/');
    const name = localName(tag.slice(closing ? 1 : 0).split(/[\s/]/, 1)[0] ?? '');
    at = close + 1;
    if (closing) {
      const index = open.lastIndexOf(name);
      if (index >= 0) open.length = index;
      if (name === 'url' && page.location !== undefined && page.lastModified !== undefined) {
        entries.lastModified.set(page.location, page.lastModified);
      }
      if (name === 'url') page = {};
    } else if ((name === 'loc' || name === 'lastmod') && !tag.endsWith('/')) {
      const end = locationEnd(xml, at, name);
      if (end === undefined) break;
      const value = contentText(xml.slice(at, end.start)).trim();
      const parent = open.at(-1);
      if (name === 'lastmod') {
        if (value && parent === 'url') page.lastModified = value;
      } else {
        if (value && parent === 'url') {
          entries.pages.push(value);
          page.location = value;
        }
        if (value && parent === 'sitemap') entries.sitemaps.push(value);
      }
      at = end.end;
    } else if (!tag.endsWith('/') && open.length < maxTrackedDepth) {
      open.push(name);
    }
  }
  return entries;
}

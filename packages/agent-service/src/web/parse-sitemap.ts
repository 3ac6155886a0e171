import { Parser } from 'htmlparser2';

/** The URLs a sitemap lists: pages (`<urlset>`) and further sitemaps (`<sitemapindex>`). */
export interface SitemapEntries {
  pages: string[];
  sitemaps: string[];
}

/** Reads a sitemap.xml or sitemap index (htmlparser2 in XML mode; namespaces ignored). */
export function parseSitemap(xml: string): SitemapEntries {
  const entries: SitemapEntries = { pages: [], sitemaps: [] };
  const stack: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag(name) {
        stack.push(name.replace(/^.*:/, '').toLowerCase());
        text = '';
      },
      ontext(value) {
        text += value;
      },
      onclosetag() {
        const name = stack.pop();
        if (name === 'loc') {
          const parent = stack[stack.length - 1];
          const location = text.trim();
          if (location && parent === 'url') entries.pages.push(location);
          if (location && parent === 'sitemap') entries.sitemaps.push(location);
        }
        text = '';
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return entries;
}

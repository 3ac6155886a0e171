import { Parser } from 'htmlparser2';

/**
 * The links of an HTML page (`<a href>`), resolved against the page's URL (or its
 * `<base href>`), without fragments, http(s) only, in document order, each once. Links
 * marked `rel="nofollow"` are left out.
 */
export function extractLinks(html: string, pageUrl: string): string[] {
  let base = pageUrl;
  const links = new Set<string>();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'base' && attributes.href) {
          try {
            base = new URL(attributes.href, pageUrl).href;
          } catch {}
          return;
        }
        if (name !== 'a' || !attributes.href) return;
        if (/\bnofollow\b/i.test(attributes.rel ?? '')) return;
        try {
          const url = new URL(attributes.href, base);
          if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
          url.hash = '';
          links.add(url.href);
        } catch {}
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return [...links];
}

/**
 * A prefix of a site's pages as a person writes it: a path (`/fr/`) is resolved against the
 * site's URL, an http(s) URL (`https://docs.example.com/blog/`) is taken as it is; anything
 * else is `undefined`. What `ingest --exclude` and the console's "Skip pages under" put into
 * a site's `config.black_listed_urls` (whose pages a crawl skips).
 */
export function resolveUrlPrefix(value: string, siteUrl: string): string | undefined {
  const prefix = value.trim();
  try {
    if (prefix.startsWith('/') && !prefix.startsWith('//')) return new URL(prefix, siteUrl).href;
    const url = new URL(prefix);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a person's value is a page prefix {@link resolveUrlPrefix} can read. */
export function isUrlPrefix(value: string): boolean {
  return resolveUrlPrefix(value, 'https://site.invalid/') !== undefined;
}

/** The part of a cited source that an evaluation compares. */
export interface CitedSource {
  source_url: string | null;
  datasource_name: string;
}

const placeholderOrigin = 'http://placeholder.invalid';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A URL's path for comparing pages: origin, query and fragment ignored, percent-escapes
 * decoded, trailing slashes dropped (`/` stays `/`). A bare path is taken as it is.
 * Undefined when `url` is not a URL.
 *
 * @example
 * urlPath('https://docs.example.com/guide/setup/?tab=npm#install') // '/guide/setup'
 */
export function urlPath(url: string): string | undefined {
  if (!URL.canParse(url, placeholderOrigin)) return undefined;
  const path = decoded(new URL(url, placeholderOrigin).pathname).replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** A URL's fragment without `#`, percent-escapes decoded ('' when it has none). */
function urlFragment(url: string): string {
  if (!URL.canParse(url, placeholderOrigin)) return '';
  return decoded(new URL(url, placeholderOrigin).hash.replace(/^#/, ''));
}

/** Whether an expected page names a web page (a path or an http(s) URL) rather than a file. */
function isWebPage(page: string): boolean {
  return page.startsWith('/') || /^https?:\/\//i.test(page);
}

/**
 * Whether a cited source is the expected page: by URL path when `page` is a path or a URL
 * (`/docs/setup`, `https://example.com/docs/setup/`), else by datasource name (a file's
 * name, e.g. `setup.md`).
 */
export function isSamePage(page: string, source: CitedSource): boolean {
  if (!isWebPage(page)) return source.datasource_name === page;
  if (source.source_url === null) return false;
  const cited = urlPath(source.source_url);
  return cited !== undefined && cited === urlPath(page);
}

/**
 * Whether a cited source is the expected section: the expected page, and its URL's fragment
 * is the heading id (`/docs/setup#install` for page `/docs/setup`, heading `install`) or one
 * of `sectionIds`, the ids of elements inside that heading's section (a sub-heading, an API
 * entry's `dt`: `/api#flask.Flask.run` inside the section `application-object`).
 */
export function isSameSection(
  page: string,
  heading: string,
  source: CitedSource,
  sectionIds: readonly string[] = [],
): boolean {
  if (source.source_url === null || !isSamePage(page, source)) return false;
  const fragment = urlFragment(source.source_url);
  return fragment === heading || (fragment !== '' && sectionIds.includes(fragment));
}

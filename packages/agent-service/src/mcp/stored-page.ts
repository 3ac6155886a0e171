import { LIMITS } from '@agent-chat/protocol';
import { TITLE_SEPARATOR } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';

/** A stored page rebuilt from its chunks. */
export interface StoredPage {
  /** The page's URL, or the document's name when it has none. */
  url: string;
  title: string;
  /** The page as Markdown: its title, URL, then its sections in order under their headings. */
  markdown: string;
  /** Whether the Markdown was cut at {@link PAGE_TEXT_LIMIT}. */
  truncated: boolean;
}

/**
 * Longest page returned, in characters: the longest document the service stores
 * (`LIMITS.documentLength`), well inside what the BFF reads back from the service.
 */
export const PAGE_TEXT_LIMIT = LIMITS.documentLength.max;

/** Pages named when a URL is not found. */
const CLOSEST_PAGES = 3;

interface ChunkRow {
  datasource_id: string;
  name: string;
  url: string | null;
  title: string;
  content: string;
}

/** `https://a/b/#x` → the forms a page may be stored under: without the fragment, with and without a final `/`. */
function urlForms(url: string): string[] {
  const base = url.trim().replace(/#.*$/, '');
  const trimmed = base.replace(/\/+$/, '');
  return [...new Set([base, trimmed, `${trimmed}/`])];
}

/**
 * The page's chunks as Markdown: `# title`, its URL, then each chunk in order, with the
 * headings of its path that differ from the previous chunk's written before it (`##` for
 * a page's sections, `###` below them…). A chunk's title is its heading path
 * (`Page › Section › Subsection`), and its content holds no headings, so this gives back
 * the page's outline with every stored word.
 */
function pageMarkdown(rows: readonly ChunkRow[], url: string): StoredPage {
  const first = rows[0];
  const title = first?.title.split(TITLE_SEPARATOR)[0] || first?.name || url;
  const parts = [`# ${title}`, `URL: ${url}`];
  let previous: string[] = [];
  for (const row of rows) {
    const headings = row.title.split(TITLE_SEPARATOR).slice(1);
    let same = 0;
    while (same < headings.length && headings[same] === previous[same]) same += 1;
    for (let depth = same; depth < headings.length; depth += 1) {
      parts.push(`${'#'.repeat(Math.min(depth + 2, 6))} ${headings[depth]}`);
    }
    previous = headings;
    parts.push(row.content);
  }
  const markdown = parts.join('\n\n');
  if (markdown.length <= PAGE_TEXT_LIMIT) return { url, title, markdown, truncated: false };
  return { url, title, markdown: markdown.slice(0, PAGE_TEXT_LIMIT), truncated: true };
}

/**
 * Reads the page stored under `url` (its fragment and a final `/` ignored) or, for a
 * document without a URL, under its name, in the datastores given; `undefined` when
 * there is none. Two indexed reads: the datastores' datasources, then one's chunks.
 *
 * @example
 * await readStoredPage(database, ['ds_1'], 'https://docs.example/install#linux');
 */
export async function readStoredPage(
  database: Queryable,
  datastoreIds: readonly string[],
  url: string,
): Promise<StoredPage | undefined> {
  const [found] = await database.query<{ id: string }>(
    `SELECT d.id FROM datasources d
     WHERE d.datastore_id = ANY($1::text[])
       AND (d.config ->> 'source_url' = ANY($2::text[])
         OR (coalesce(d.config ->> 'source_url', '') = '' AND d.name = $3))
       AND EXISTS (SELECT 1 FROM chunks c WHERE c.datasource_id = d.id)
     ORDER BY d.created_at LIMIT 1`,
    [datastoreIds, urlForms(url), url.trim()],
  );
  if (!found) return undefined;
  const rows = await database.query<ChunkRow>(
    `SELECT c.datasource_id, d.name, nullif(d.config ->> 'source_url', '') AS url, c.title, c.content
     FROM chunks c JOIN datasources d ON d.id = c.datasource_id
     WHERE c.datasource_id = $1 ORDER BY c.position`,
    [found.id],
  );
  const first = rows[0];
  if (!first) return undefined;
  return pageMarkdown(rows, first.url ?? first.name);
}

/** The words of a URL or name, lower case, without its scheme and common suffixes. */
function urlWords(url: string): Set<string> {
  return new Set(
    url
      .toLowerCase()
      .replace(/^[a-z]+:\/\//, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '' && !['www', 'html', 'htm', 'md', 'index'].includes(word)),
  );
}

/** How alike two URLs are: shared words over all words (Jaccard), ties to the longer common start. */
function likeness(asked: Set<string>, askedUrl: string, candidate: string): number {
  const words = urlWords(candidate);
  let shared = 0;
  for (const word of words) if (asked.has(word)) shared += 1;
  const union = asked.size + words.size - shared;
  let prefix = 0;
  while (prefix < askedUrl.length && askedUrl[prefix] === candidate[prefix]) prefix += 1;
  return (union === 0 ? 0 : shared / union) + prefix / 100_000;
}

/**
 * The stored pages whose URLs (or names) are most like `url`, best first: what an
 * unknown URL's error names, so the model can retry with one that exists.
 */
export async function closestPages(
  database: Queryable,
  datastoreIds: readonly string[],
  url: string,
): Promise<string[]> {
  const rows = await database.query<{ url: string }>(
    `SELECT DISTINCT coalesce(nullif(d.config ->> 'source_url', ''), d.name) AS url
     FROM datasources d
     WHERE d.datastore_id = ANY($1::text[])
       AND EXISTS (SELECT 1 FROM chunks c WHERE c.datasource_id = d.id)`,
    [datastoreIds],
  );
  const asked = urlWords(url);
  return rows
    .map((row) => ({ url: row.url, likeness: likeness(asked, url, row.url) }))
    .sort((a, b) => b.likeness - a.likeness || a.url.localeCompare(b.url))
    .slice(0, CLOSEST_PAGES)
    .map((row) => row.url);
}

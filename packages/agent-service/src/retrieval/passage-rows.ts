/**
 * A candidate passage as the ranking stages read it (`PassageRow`: the chunk, its
 * datasource's columns and its score), read from the store by the chunks a condition
 * selects, and the source it is cited as.
 */
import type { Source } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';

/** A chunk with its datasource's columns and its score in the ranking. */
export interface PassageRow {
  chunk_id: string;
  datasource_id: string;
  datasource_name: string;
  datasource_type: string;
  config: Record<string, unknown> | null;
  title: string;
  content: string;
  position: number;
  /** The id of the heading the chunk sits under, in its page (`source_url#anchor`). */
  anchor: string | null;
  /** The PDF page the chunk comes from. */
  page_number: number | null;
  /** How many sections the chunk's page has in all (see `withPageSupport`). */
  page_sections: number;
  score: number;
}

function stringField(config: Record<string, unknown> | null, key: string): string | undefined {
  const value = config?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function numberField(config: Record<string, unknown> | null, key: string): number | undefined {
  const value = config?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The page's URL with the chunk's heading anchor, so a source links to the section. */
function anchored(url: string | undefined, anchor: string | null): string | null {
  if (url === undefined) return null;
  if (!anchor) return url;
  const base = url.replace(/#.*$/, '');
  return `${base}#${encodeURIComponent(anchor)}`;
}

/** The source a passage is cited as: its page, with its heading anchor, and its document's facts. */
export function toSource(row: PassageRow): Source {
  const source: Source = {
    chunk_id: row.chunk_id,
    datasource_id: row.datasource_id,
    datasource_name: row.datasource_name,
    datasource_type: row.datasource_type,
    source_url: anchored(stringField(row.config, 'source_url'), row.anchor),
    mime_type:
      stringField(row.config, 'mime_type') ??
      (/\.(md|markdown)$/i.test(row.datasource_name) ? 'text/markdown' : 'text/plain'),
    score: Number(row.score),
  };
  const pageNumber = row.page_number ?? numberField(row.config, 'page_number');
  if (pageNumber !== undefined) source.page_number = pageNumber;
  const totalPages = numberField(row.config, 'total_pages');
  if (totalPages !== undefined) source.total_pages = totalPages;
  const customId = stringField(row.config, 'custom_id');
  if (customId !== undefined) source.custom_id = customId;
  return source;
}

/** A passage's columns ({@link PassageRow}'s but its score), SQL over `c` (the chunk) and `d` (its datasource). */
export const PASSAGE_COLUMNS = `c.id AS chunk_id, c.datasource_id, d.name AS datasource_name,
       d.type AS datasource_type, d.config, c.title, c.content, c.position,
       c.anchor, c.page_number, d.sections AS page_sections`;

/** The chunks (with their datasource's columns) that `where` (SQL over `c`, `d`) selects. */
export function passageRows(
  database: Queryable,
  where: string,
  parameters: unknown[],
): Promise<Omit<PassageRow, 'score'>[]> {
  return database.query<Omit<PassageRow, 'score'>>(
    `SELECT ${PASSAGE_COLUMNS}
     FROM chunks c JOIN datasources d ON d.id = c.datasource_id
     WHERE ${where}`,
    parameters,
  );
}

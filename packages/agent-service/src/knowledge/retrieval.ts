import type { QueryFilters, Source } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';
import { queryTerms, termsOf } from './text-terms.js';

/** A retrieved chunk with its score and the datasource it came from. */
export interface Passage {
  chunkId: string;
  datasourceId: string;
  datasourceName: string;
  title: string;
  content: string;
  position: number;
  /** Relevance in 0..1 (Postgres rank blended with rare-word coverage); higher is better. */
  score: number;
}

/** What {@link retrieve} found: passages best first, and one source per datasource. */
interface RetrievalResult {
  passages: Passage[];
  sources: Source[];
}

/** Options of {@link retrieve}. */
interface RetrieveOptions {
  /** Datastores to search (the agent's). */
  datastoreIds: readonly string[];
  filters?: QueryFilters | undefined;
  /** Most passages returned. Default 6. */
  limit?: number;
  /** Candidates fetched from Postgres before re-ranking. Default 4 × `limit`, at least 24. */
  candidates?: number;
}

interface PassageRow {
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
  score: number;
}

/**
 * Turns a question into an OR query of its words for `to_tsquery`: a question shares
 * some, rarely all, of its words with the passage that answers it, and ranking rewards
 * passages that share more. Only letters and digits reach SQL, so no query syntax leaks in.
 */
function toSearchQuery(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 64).join(' | ');
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

function toSource(row: PassageRow): Source {
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

/**
 * Re-ranks candidates: `ts_rank` counts matches but ignores how rare a word is, so a
 * question's distinctive word ("nginx") weighs no more than a common one ("configure").
 * Each query word is weighted by its inverse frequency among the candidates, and the
 * coverage of those weights is blended with the normalised Postgres rank. Candidates
 * that share none of the question's meaningful words (Postgres matched them on a filler
 * such as "need" or "tell") are dropped: nothing in them answers the question, and the
 * answerer would quote none of them while the response still cited them as sources.
 */
function rerank(query: string, rows: readonly PassageRow[]): PassageRow[] {
  const terms = [...queryTerms(query)];
  const topRank = Math.max(...rows.map((row) => Number(row.score)), Number.EPSILON);
  const rowTerms = rows.map((row) => termsOf(`${row.title} ${row.content}`));
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = rowTerms.filter((set) => set.has(term)).length;
    if (frequency > 0) weights.set(term, Math.log(1 + rows.length / frequency));
  }
  const totalWeight = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  return rows
    .flatMap((row, index) => {
      let covered = 0;
      for (const [term, weight] of weights) if (rowTerms[index]?.has(term)) covered += weight;
      if (covered === 0) return [];
      const coverage = covered / totalWeight;
      const rank = Number(row.score) / topRank;
      return [{ ...row, score: Math.round((0.4 * rank + 0.6 * coverage) * 1e6) / 1e6 }];
    })
    .sort((left, right) => right.score - left.score);
}

/**
 * Ranked full-text search (Postgres `tsvector` + `ts_rank`, GIN index) over the chunks of
 * the given datastores, re-ranked (see `rerank`). `filters.datasource_ids` and `filters.custom_ids` (the `custom_id`
 * in a document's metadata) each restrict the datasources searched; given together, a
 * datasource must match both.
 */
export async function retrieve(
  database: Queryable,
  query: string,
  options: RetrieveOptions,
): Promise<RetrievalResult> {
  const searchQuery = toSearchQuery(query);
  if (searchQuery === '' || options.datastoreIds.length === 0) {
    return { passages: [], sources: [] };
  }
  const rows = await database.query<PassageRow>(
    `SELECT c.id AS chunk_id, c.datasource_id, d.name AS datasource_name,
       d.type AS datasource_type, d.config, c.title, c.content, c.position,
       c.anchor, c.page_number,
       ts_rank(c.tsv, q, 1 | 32) AS score
     FROM to_tsquery('english', $1) AS q, chunks c
       JOIN datasources d ON d.id = c.datasource_id
     WHERE c.datastore_id = ANY($2::text[]) AND c.tsv @@ q
       AND ($3::text[] IS NULL OR c.datasource_id = ANY($3::text[]))
       AND ($4::text[] IS NULL OR d.config ->> 'custom_id' = ANY($4::text[]))
     ORDER BY score DESC, c.datasource_id, c.position
     LIMIT $5`,
    [
      searchQuery,
      [...options.datastoreIds],
      options.filters?.datasource_ids ?? null,
      options.filters?.custom_ids ?? null,
      options.candidates ?? Math.max(24, 4 * (options.limit ?? 6)),
    ],
  );
  const ranked = rerank(query, rows).slice(0, options.limit ?? 6);
  const sources = new Map<string, Source>();
  for (const row of ranked) {
    if (!sources.has(row.datasource_id)) sources.set(row.datasource_id, toSource(row));
  }
  return {
    passages: ranked.map((row) => ({
      chunkId: row.chunk_id,
      datasourceId: row.datasource_id,
      datasourceName: row.datasource_name,
      title: row.title,
      content: row.content,
      position: row.position,
      score: Number(row.score),
    })),
    sources: [...sources.values()],
  };
}

import type { QueryFilters, Source } from '@agent-chat/protocol';
import type { VectorSearch } from '../embeddings/index.js';
import { searchLexical, type WeightedText } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';
import { missesAskedDate } from './answer-shape.js';
import { judgeAnswerability, phraseChecker } from './answerability.js';
import { withBareListsLowered } from './bare-list.js';
import { FOLLOWING_CHUNKS, firstSectionAfter, isPageIntro } from './first-section.js';
import { namedSubsection } from './named-subsection.js';
import { withPageSupport } from './page-support.js';
import { fuseByReciprocalRank } from './rank-fusion.js';
import { sectionExamples } from './section-example.js';
import { rerankBySentence } from './sentence-rerank.js';

/** First-stage hits re-ranked by their best sentence (see `rerankBySentence`). */
const RERANK_DEPTH = 30;
/** How much a page's next best sections raise all of its passages (see `withPageSupport`). */
const PAGE_SUPPORT_WEIGHT = 0.3;
/**
 * How many of a page's next best sections support it: two, since titles weigh more
 * (docs/benchmarks.md: section@3 and phrase +3 each on the look-alike site, source@3 −1 on
 * each site).
 */
const PAGE_SUPPORT_DEPTH = 2;
/**
 * How much a bare list (links, names: `isBareList`) keeps of its score. Measured on both
 * documentation sites: 0.3 to 0.5 gave the same answers (docs/benchmarks.md); 0.6 and
 * up left "Resources" and "Source control" lists ahead of the sections that answer.
 */
const BARE_LIST_WEIGHT = 0.4;

/** A retrieved chunk with its score and the datasource it came from. */
export interface Passage {
  chunkId: string;
  datasourceId: string;
  datasourceName: string;
  title: string;
  content: string;
  position: number;
  /** Relevance in 0..1 (BM25 over the best score possible for the query); higher is better. */
  score: number;
  /** Found by meaning alone (embeddings): it may share no word with the question. */
  byMeaning?: boolean;
  /** The section's example: a short code-only subsection right after it (`exampleOf`). */
  example?: string;
}

/** What {@link retrieve} found: passages best first, and one source per datasource. */
interface RetrievalResult {
  passages: Passage[];
  sources: Source[];
  /** The source each passage is cited as (its own chunk, page and anchor), in passage order. */
  passageSources: Source[];
}

/** Options of {@link retrieve}. */
interface RetrieveOptions {
  /** Datastores to search (the agent's). */
  datastoreIds: readonly string[];
  filters?: QueryFilters | undefined;
  /** Most passages returned. Default 6. */
  limit?: number;
  /** Earlier text searched along with the question, at a lower weight (follow-ups). */
  earlier?: readonly WeightedText[];
  /** Rare-term budget of the candidate query (see `searchLexical`). Default 1 000. */
  candidateBudget?: number;
  /**
   * Hybrid retrieval: the nearest chunks in meaning (embeddings), fused with the lexical
   * ranking by reciprocal rank. Default: lexical only.
   */
  vectorSearch?: VectorSearch | undefined;
  /**
   * Answering: first judge whether the documents can answer the question at all
   * (`judgeAnswerability`), and find nothing when they cannot. Off for a plain search.
   */
  relevanceFloor?: boolean;
  /** Answering: attach each passage's example (`Passage.example`). Off for a plain search. */
  sectionExamples?: boolean;
  /**
   * Answering: when the best passage is a page's intro, its first section follows it
   * (`followIntroWithFirstSection`). Off for a plain search.
   */
  firstSections?: boolean;
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

const PASSAGE_COLUMNS = `c.id AS chunk_id, c.datasource_id, d.name AS datasource_name,
       d.type AS datasource_type, d.config, c.title, c.content, c.position,
       c.anchor, c.page_number, d.sections AS page_sections`;

/** The chunks (with their datasource's columns) that `where` (SQL over `c`, `d`) selects. */
function passageRows(
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

/**
 * Puts first, when the best passage's line that answers names one of its subsections
 * (see `namedSubsection`), that subsection at the best passage's score, the best passage
 * next: the answer then quotes the subsection, which is about exactly what was asked, and
 * the line that matched. One indexed read of the page's chunks under that heading.
 */
async function leadWithNamedSubsection(
  database: Queryable,
  ranked: PassageRow[],
  termWeights: ReadonlyMap<string, number>,
  limit: number,
): Promise<void> {
  const top = ranked[0];
  if (!top) return;
  const children = await passageRows(
    database,
    'c.datasource_id = $1 AND starts_with(c.title, $2) ORDER BY c.position',
    [top.datasource_id, `${top.title} › `],
  );
  const child = namedSubsection(top, children, termWeights);
  if (!child) return;
  const at = ranked.findIndex((row) => row.chunk_id === child.chunk_id);
  if (at >= 0) ranked.splice(at, 1);
  ranked.unshift({ ...child, score: top.score });
  if (ranked.length > limit) ranked.pop();
}

/**
 * When the best passage is a page's intro, puts its first section (`firstSectionAfter`)
 * right after it, at the next passage's score, unless it is ranked already: the answer
 * quotes it when its sentences answer, and cites it as its own section. One indexed read
 * of the chunks after the intro.
 */
async function followIntroWithFirstSection(
  database: Queryable,
  ranked: PassageRow[],
  limit: number,
): Promise<void> {
  const top = ranked[0];
  // Most questions are led by a section: no read for them.
  if (!top || !isPageIntro(top)) return;
  const following = await passageRows(
    database,
    `c.datasource_id = $1 AND c.position > $2 ORDER BY c.position LIMIT ${FOLLOWING_CHUNKS}`,
    [top.datasource_id, top.position],
  );
  const section = firstSectionAfter(top, following);
  if (!section || ranked.some((row) => row.chunk_id === section.chunk_id)) return;
  ranked.splice(1, 0, { ...section, score: ranked[1]?.score ?? top.score });
  if (ranked.length > limit) ranked.pop();
}

/**
 * Finds the passages that answer a question in the given datastores: BM25 over the
 * chunks with the datastores' real term statistics (see `searchLexical`), then one source
 * per datasource, highest score first. `filters.datasource_ids` and `filters.custom_ids`
 * (the `custom_id` in a document's metadata) each restrict the datasources searched;
 * given together, a datasource must match both. `earlier` adds text from before the
 * question (a follow-up's previous question) whose words count `weight` times as much.
 */
export async function retrieve(
  database: Queryable,
  query: string,
  options: RetrieveOptions,
): Promise<RetrievalResult> {
  const limit = options.limit ?? 6;
  const texts: WeightedText[] = [{ text: query, weight: 1 }, ...(options.earlier ?? [])];
  const [{ hits, termWeights, unknownTerms }, nearest] = await Promise.all([
    searchLexical(database, texts, {
      datastoreIds: options.datastoreIds,
      filters: options.filters,
      limit: Math.max(limit, RERANK_DEPTH),
      ...(options.candidateBudget === undefined
        ? {}
        : { candidateBudget: options.candidateBudget }),
    }),
    options.vectorSearch?.(query, {
      datastoreIds: options.datastoreIds,
      filters: options.filters,
      limit: Math.max(limit, RERANK_DEPTH),
    }) ?? [],
  ]);
  if (hits.length === 0 && nearest.length === 0)
    return { passages: [], sources: [], passageSources: [] };
  const outOfScope =
    options.relevanceFloor === true &&
    (await judgeAnswerability({
      question: query,
      unknownTerms,
      // Embeddings find what is said in other words: unknown words are no sign then.
      paraphrasesFound: nearest.length > 0,
      holdsPhrase: phraseChecker(database, options.datastoreIds),
    }));
  if (outOfScope) return { passages: [], sources: [], passageSources: [] };
  const rows = await passageRows(database, 'c.id = ANY($1::text[])', [
    [...hits.map((hit) => hit.chunkId), ...nearest],
  ]);
  const byId = new Map(rows.map((row) => [row.chunk_id, row]));
  const lexicalIds = new Set(hits.map((hit) => hit.chunkId));
  const firstStage = hits.flatMap((hit) => {
    const row = byId.get(hit.chunkId);
    return row ? [{ ...row, score: hit.score }] : [];
  });
  // The re-rank reads words as the answerer stems them; Postgres's lexemes of the same
  // words are the same Porter2 stems, so the weights carry over by name.
  const lexical = withPageSupport(
    withBareListsLowered(
      rerankBySentence(firstStage, { question: query, termWeights }),
      BARE_LIST_WEIGHT,
    ),
    PAGE_SUPPORT_WEIGHT,
    PAGE_SUPPORT_DEPTH,
  );
  const ranked = (
    nearest.length === 0
      ? lexical
      : fuseByReciprocalRank([lexical.map((row) => row.chunk_id), nearest]).flatMap(
          ({ id, score }) => {
            const row = byId.get(id);
            return row ? [{ ...row, score }] : [];
          },
        )
  ).slice(0, limit);
  // Asked for a date that no passage found gives: nothing here answers it.
  if (
    options.relevanceFloor === true &&
    missesAskedDate(
      query,
      ranked.map((row) => row.content),
    )
  ) {
    return { passages: [], sources: [], passageSources: [] };
  }
  await leadWithNamedSubsection(database, ranked, termWeights, limit);
  if (options.firstSections === true) await followIntroWithFirstSection(database, ranked, limit);
  const examples = options.sectionExamples
    ? await sectionExamples(database, ranked)
    : new Map<string, string>();
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
      score: row.score,
      ...(lexicalIds.has(row.chunk_id) ? {} : { byMeaning: true }),
      ...(examples.has(row.chunk_id) ? { example: examples.get(row.chunk_id) as string } : {}),
    })),
    sources: [...sources.values()],
    passageSources: ranked.map(toSource),
  };
}

import type { QueryFilters, Source } from '@agent-chat/protocol';
import type { VectorSearch } from '../embeddings/index.js';
import { searchLexical, type WeightedText } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';
import { PASSAGE_COLUMNS, type PassageRow, passageRows, toSource } from './passage-rows.js';
import {
  explainPassage,
  type PipelineOptions,
  runRankingPipeline,
  type StageName,
  type StageStep,
} from './ranking-pipeline.js';
import type { SectionAround } from './section-window.js';

/** First-stage hits the pipeline's pool stages re-rank (see `runRankingPipeline`). */
export const RERANK_DEPTH = 30;

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
  /**
   * The best passage's section around it (`sectionAround`), when the section is longer than
   * one chunk: the Markdown of its chunks before and after this one. The answer may choose
   * a sentence from them.
   */
  section?: SectionAround;
}

/** What {@link retrieve} found: passages best first, and one source per datasource. */
interface RetrievalResult {
  passages: Passage[];
  sources: Source[];
  /** The source each passage is cited as (its own chunk, page and anchor), in passage order. */
  passageSources: Source[];
  /** With `explain`: the score and rank each stage left each passage with, in passage order. */
  explanations?: StageStep[][];
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
  /** The share of the commoner terms' candidates drawn (see `searchLexical`). Default 1. */
  commonCandidateShare?: number;
  /**
   * Hybrid retrieval: the nearest chunks in meaning (embeddings), fused with the lexical
   * ranking by reciprocal rank. Default: lexical only.
   */
  vectorSearch?: VectorSearch | undefined;
  /**
   * `answer` runs every stage of the ranking pipeline (the relevance floor, the section's
   * example…); `search`, a plain datastore search, only those that rank. Default `search`.
   */
  purpose?: PipelineOptions['purpose'];
  /** Stages of the ranking pipeline switched off, for measurements. Default none. */
  stagesOff?: ReadonlySet<StageName> | undefined;
  /** Keep what each stage did to each passage (`RetrievalResult.explanations`). */
  explain?: boolean;
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
    // The hits come with their rows: one statement less than reading them after.
    searchLexical<PassageRow>(database, texts, {
      datastoreIds: options.datastoreIds,
      filters: options.filters,
      limit: Math.max(limit, RERANK_DEPTH),
      rowColumns: PASSAGE_COLUMNS,
      ...(options.candidateBudget === undefined
        ? {}
        : { candidateBudget: options.candidateBudget }),
      ...(options.commonCandidateShare === undefined
        ? {}
        : { commonCandidateShare: options.commonCandidateShare }),
    }),
    options.vectorSearch?.(query, {
      datastoreIds: options.datastoreIds,
      filters: options.filters,
      limit: Math.max(limit, RERANK_DEPTH),
    }) ?? [],
  ]);
  const empty = { passages: [], sources: [], passageSources: [] };
  if (hits.length === 0 && nearest.length === 0) return empty;
  const rowsById = new Map<string, Omit<PassageRow, 'score'>>();
  for (const hit of hits) {
    if (!hit.row) continue;
    const { score: _bm25, ...row } = hit.row;
    rowsById.set(hit.chunkId, row);
  }
  const unread = nearest.filter((id) => !rowsById.has(id));
  if (unread.length > 0) {
    const rows = await passageRows(database, 'c.id = ANY($1::text[])', [unread]);
    for (const row of rows) rowsById.set(row.chunk_id, row);
  }
  const lexicalIds = new Set(hits.map((hit) => hit.chunkId));
  const { ranking, trace } = await runRankingPipeline(
    {
      query: {
        database,
        question: query,
        datastoreIds: options.datastoreIds,
        limit,
        termWeights,
        unknownTerms,
        nearest,
        rowsById,
      },
      rows: hits.flatMap((hit) => {
        const row = rowsById.get(hit.chunkId);
        return row ? [{ ...row, score: hit.score }] : [];
      }),
    },
    {
      purpose: options.purpose ?? 'search',
      stagesOff: options.stagesOff,
      explain: options.explain,
    },
  );
  if (ranking.declined) return empty;
  const ranked = ranking.rows;
  const examples = ranking.examples ?? new Map<string, string>();
  const sources = new Map<string, Source>();
  for (const row of ranked) {
    if (!sources.has(row.datasource_id)) sources.set(row.datasource_id, toSource(row));
  }
  return {
    passages: ranked.map((row, index) => ({
      chunkId: row.chunk_id,
      datasourceId: row.datasource_id,
      datasourceName: row.datasource_name,
      title: row.title,
      content: row.content,
      position: row.position,
      score: row.score,
      ...(lexicalIds.has(row.chunk_id) ? {} : { byMeaning: true }),
      ...(examples.has(row.chunk_id) ? { example: examples.get(row.chunk_id) as string } : {}),
      ...(index === 0 && ranking.section ? { section: ranking.section } : {}),
    })),
    sources: [...sources.values()],
    passageSources: ranked.map(toSource),
    ...(trace ? { explanations: ranked.map((row) => explainPassage(trace, row.chunk_id)) } : {}),
  };
}

import type { QueryFilters } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';
import { bestScore, bm25Sql } from './bm25-score-sql.js';
import {
  type QueryTerm,
  termStatistics,
  tsqueryLiteral,
  type WeightedText,
} from './query-terms.js';

/** Options of {@link searchLexical}. */
export interface LexicalSearchOptions {
  datastoreIds: readonly string[];
  filters?: QueryFilters | undefined;
  /** Chunks returned, best first. */
  limit: number;
  /**
   * Rare-term budget: query terms join the candidate query on their own, rarest first,
   * while their document frequencies sum to at most this; commoner ones only in pairs,
   * whose chunks are capped at half this (a question of one or two words, none rare: twice
   * this).
   * Default 1 000.
   */
  candidateBudget?: number;
  /**
   * The share of the usual cap on the commoner terms' candidates (half the budget; twice it
   * for a question of one common word) that is drawn and scored, in (0, 1]. They are the first
   * chunks in storage order that hold two of those terms, so a smaller share reads and scores
   * fewer chunks, and may miss one that only they would have found. Default 1.
   */
  commonCandidateShare?: number;
  /**
   * Columns of each hit's own row to return with it (`LexicalHit.row`), SQL over `c` (the
   * chunk) and `d` (its datasource): read in the same statement as the hits, rather than
   * in one more. Default none.
   */
  rowColumns?: string;
}

/**
 * A chunk found by {@link searchLexical}. With the hits comes `termWeights`: each query
 * term (a Postgres lexeme) and its weight (idf × the weight of its text).
 */
export interface LexicalHit<Row = never> {
  chunkId: string;
  /** BM25 score over the best possible one for this query, 0..1. */
  score: number;
  /** With `rowColumns`: the chunk's row, those columns. */
  row?: Row;
}

/** What {@link searchLexical} found, and what it learnt of the question's words. */
export interface LexicalSearchResult<Row = never> {
  hits: LexicalHit<Row>[];
  /** Each query term (a Postgres lexeme) and its weight (idf × the weight of its text). */
  termWeights: Map<string, number>;
  /** The question's lexemes no chunk of the datastores holds (before spelling correction). */
  unknownTerms: string[];
}

/** Most of the commoner terms paired up in the candidate query (6 terms: 15 pairs). */
const MAX_PAIRED_TERMS = 6;

/** Chunks up to which a search's candidate budget is {@link BASE_CANDIDATE_BUDGET}. */
const BASE_BUDGET_CHUNKS = 50_000;
/** The candidate budget of a datastore of up to {@link BASE_BUDGET_CHUNKS} chunks. */
const BASE_CANDIDATE_BUDGET = 1_000;

/**
 * How many candidates a search over `chunks` chunks draws: 1,000 up to 50,000 chunks, then
 * growing with the square root of the size. In a larger corpus a rare term is in more
 * chunks, so a fixed budget holds fewer of the question's rare terms and recall falls
 * (measured at 250,000 chunks, docs/benchmarks.md); the square root keeps the cost
 * sub-linear.
 */
export function candidateBudgetFor(chunks: number): number {
  if (chunks <= BASE_BUDGET_CHUNKS) return BASE_CANDIDATE_BUDGET;
  return Math.round(BASE_CANDIDATE_BUDGET * Math.sqrt(chunks / BASE_BUDGET_CHUNKS));
}

/**
 * Most chunks a search reads in storage order, the chunks table's own, to find the common
 * terms' capped candidates, rather than through the full-text index. The index answers a
 * conjunction of common terms by reading their whole posting lists (tens of thousands of
 * entries at 50,000 chunks) before the cap applies; reading the chunks themselves stops at
 * the cap, so it is cheaper when the candidates are dense. Measured on the type-ahead
 * bench's 50,000 chunks (docs/benchmarks.md, issue 52): 2–3 times cheaper when one chunk in
 * three to six qualifies; dearer past about 3,000 chunks read.
 */
const SCAN_ROWS = 3_000;

/** The tsqueries that draw the candidates of a search (see {@link candidateQueries}). */
interface CandidateQueries {
  /** The rarest terms OR-ed, as many as fit in the budget together: all their chunks count. */
  rare: string | undefined;
  /** Conjunctions of the commoner terms, or the one common term: their chunks are capped. */
  common: string[];
  /**
   * The share of chunks `common` matches, were the terms independent: any two of the
   * paired terms (or the one common term). Words of a topic occur together, so real
   * chunks match at least as often.
   */
  commonShare: number;
}

/** The share of `chunks` chunks that hold at least two of `terms` (one, for a lone term), as if independent. */
function shareHolding(terms: readonly QueryTerm[], chunks: number, least: 1 | 2): number {
  let none = 1;
  let one = 0;
  for (const term of terms) {
    const share = Math.min(1, term.frequency / Math.max(chunks, 1));
    one = one * (1 - share) + none * share;
    none *= 1 - share;
  }
  return Math.max(0, least === 1 ? 1 - none : 1 - none - one);
}

/**
 * The tsqueries that draw candidates, so that the work follows the rare terms: one for
 * the rarest terms (as many as fit in `budget` chunks together), and conjunctions of two
 * of the commoner ones. Each is its own GIN scan: a conjunction is answered by skipping
 * through its terms' posting lists, without visiting the chunks that hold only one of them.
 */
function candidateQueries(
  terms: readonly QueryTerm[],
  budget: number,
  chunks: number,
): CandidateQueries {
  const rare: QueryTerm[] = [];
  let total = 0;
  for (const term of terms) {
    if (total + term.frequency > budget) break;
    rare.push(term);
    total += term.frequency;
  }
  const common = terms.slice(rare.length, rare.length + MAX_PAIRED_TERMS);
  const conjunctions: string[] = [];
  // Any two of them, as "a & (b | c | …)", "b & (c | …)", …: the pairs of the commoner
  // terms in fewer scans and operators than one conjunction per pair.
  for (let left = 0; left + 1 < common.length; left += 1) {
    const others = common.slice(left + 1).map((term) => tsqueryLiteral(term.term));
    conjunctions.push(
      `(${tsqueryLiteral((common[left] as QueryTerm).term)} & ${others.length > 1 ? `(${others.join(' | ')})` : others[0]})`,
    );
  }
  let commonShare = shareHolding(common, chunks, 2);
  // A question of one common word: its chunks, as many as the candidate limit allows.
  if (rare.length === 0 && conjunctions.length === 0 && terms[0]) {
    conjunctions.push(tsqueryLiteral(terms[0].term));
    commonShare = shareHolding([terms[0]], chunks, 1);
  }
  return {
    rare: rare.length > 0 ? rare.map((term) => tsqueryLiteral(term.term)).join(' | ') : undefined,
    common: conjunctions,
    commonShare,
  };
}

/**
 * BM25 over the chunks of the given datastores, with the real statistics kept in
 * `lexicon_terms` / `lexicon_totals` (see `replaceChunks`). Candidates come from the GIN
 * index on the chunks' `tsvector`, drawn from the rarest query terms first, so the work
 * follows the rare terms' posting lists rather than the corpus size; every candidate is
 * then scored on all query terms (term frequency read with `ts_rank` per term, which
 * saturates with repeats; titles weigh a little more). `filters.datasource_ids` and
 * `filters.custom_ids` restrict the datasources; given together, both must match.
 */
export async function searchLexical<Row = never>(
  database: Queryable,
  texts: readonly WeightedText[],
  options: LexicalSearchOptions,
): Promise<LexicalSearchResult<Row>> {
  if (options.datastoreIds.length === 0) {
    return { hits: [], termWeights: new Map(), unknownTerms: [] };
  }
  const { terms, phrases, averageLength, chunks, storedChunks, unknown } = await termStatistics(
    database,
    texts,
    options.datastoreIds,
  );
  const budget = options.candidateBudget ?? candidateBudgetFor(chunks);
  const candidates = candidateQueries(terms, budget, chunks);
  const termWeights = new Map(terms.map((term) => [term.term, term.weight * term.idf]));
  if (candidates.rare === undefined && candidates.common.length === 0) {
    return { hits: [], termWeights, unknownTerms: unknown };
  }
  const best = bestScore(terms, phrases);
  const scoring = bm25Sql(terms, phrases, averageLength, 8);
  // "|| ''": filter on the datastore after the GIN scan, never instead of it (PGlite has
  // no autovacuum, so no statistics to tell the planner how unselective it is).
  const scope = `(c.datastore_id || '') = ANY($2::text[])
           AND ($3::text[] IS NULL OR c.datasource_id = ANY($3::text[]))
           AND ($4::text[] IS NULL OR c.datasource_id IN (
             SELECT d.id FROM datasources d WHERE d.config ->> 'custom_id' = ANY($4::text[])))`;
  const share = Math.min(1, Math.max(0, options.commonCandidateShare ?? 1));
  const commonCap = Math.max(
    1,
    Math.ceil(
      (candidates.rare === undefined && candidates.common.length === 1 ? budget * 2 : budget / 2) *
        share,
    ),
  );
  // The chunks read in storage order until the cap is reached, when that is cheaper than
  // the index (see SCAN_ROWS): the same chunks in the same order as the index's bitmap
  // gives them (a bitmap heap scan reads in storage order too; synchronized scans are off,
  // `openPglite`), so the same candidates. Not with filters, which another index may serve
  // in its own order.
  const expectedReads =
    (commonCap * storedChunks) / Math.max(candidates.commonShare * chunks, Number.MIN_VALUE);
  const inOrder =
    candidates.common.length > 0 &&
    (options.filters?.datasource_ids ?? null) === null &&
    (options.filters?.custom_ids ?? null) === null &&
    expectedReads <= SCAN_ROWS;
  const common = inOrder
    ? `(SELECT c.id, c.tsv, c.length FROM (
            SELECT c.id, ts_delete(c.tsv, ''::text) AS tsv, c.length FROM chunks c
            WHERE ${scope}
            OFFSET 0 -- read in storage order, the test below on each chunk's copy
          ) c
          WHERE c.tsv @@ ANY($1::tsquery[])
            AND ($7::tsquery IS NULL OR NOT c.tsv @@ $7::tsquery)
          LIMIT $5)`
    : `(SELECT c.id, ts_delete(c.tsv, ''::text) AS tsv, c.length FROM chunks c
          WHERE c.tsv @@ ANY($1::tsquery[]) AND ${scope}
            AND ($7::tsquery IS NULL OR NOT c.tsv @@ $7::tsquery)
          LIMIT $5)`;
  // Every chunk with a rare term, and at most $5 more with two common ones. The cap falls
  // on the common terms' chunks alone: a cap on them all would keep whichever come first
  // in storage, and drop chunks with the rare terms as readily as the others (measured on
  // same-sentence distractors, docs/benchmarks.md: more recall, and fewer chunks scored).
  // A long chunk's tsvector is TOASTed (compressed, or stored apart past ~2 KB), and every
  // function reading it would fetch and decompress it again: one per query term, one per
  // phrase. `ts_delete` of a lexeme no tsvector holds returns its argument as read, so
  // each candidate's is read once, here, and the scoring reads that copy.
  const scored = `SELECT c.id AS chunk_id, ${scoring.score} AS score
     FROM (
       SELECT c.id, c.tsv, ${scoring.columns}
       FROM (
         (SELECT c.id, ts_delete(c.tsv, ''::text) AS tsv, c.length FROM chunks c
          WHERE $7::tsquery IS NOT NULL AND c.tsv @@ $7::tsquery AND ${scope})
         UNION ALL
         ${common}
       ) c
       OFFSET 0 -- its columns computed once per row, not once per use in the score
     ) c
     ORDER BY 2 DESC, c.id
     LIMIT $6`;
  // With `rowColumns`, the hits' rows joined to them, in the hits' order.
  const rows = await database.query<{ chunk_id: string; score: number } & Row>(
    options.rowColumns === undefined
      ? scored
      : `SELECT ${options.rowColumns}, h.chunk_id, h.score
     FROM (${scored}) h
       JOIN chunks c ON c.id = h.chunk_id JOIN datasources d ON d.id = c.datasource_id
     ORDER BY h.score DESC, h.chunk_id`,
    [
      candidates.common,
      [...options.datastoreIds],
      options.filters?.datasource_ids ?? null,
      options.filters?.custom_ids ?? null,
      commonCap,
      options.limit,
      candidates.rare ?? null,
      ...scoring.parameters,
    ],
  );
  const hits = rows.map((row) => ({
    chunkId: row.chunk_id,
    score: Math.min(1, Math.round((Number(row.score) / best) * 1e6) / 1e6),
    ...(options.rowColumns === undefined ? {} : { row }),
  }));
  return { hits, termWeights, unknownTerms: unknown };
}

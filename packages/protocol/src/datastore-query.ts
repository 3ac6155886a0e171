import type { QueryFilters } from './query.js';

/**
 * Body of `POST /api/datastores/{id}/query` (Chaindesk's search route, the one LangChain's
 * `ChaindeskRetriever` calls): the question, how many fragments to return (`topK`, default
 * 5) and optional filters. `filters.datastore_ids` may name only the datastore of the
 * path; another one is refused with 403.
 */
export interface DatastoreQueryRequest {
  query: string;
  topK?: number;
  filters?: QueryFilters;
  /**
   * Our addition: each result also says what each stage of the ranking did to it
   * (`DatastoreQueryResult.explain`), as Meilisearch's `showRankingScoreDetails` and
   * Elasticsearch's `explain` do. Off, the response is as without it.
   */
  explain?: boolean;
}

/**
 * Where one stage of the ranking left a result: its score and rank (1 = first) after it,
 * `null` when the result was not in that stage's ranking (a stage brought it in later).
 */
export interface RankingStageStep {
  /** `bm25` (the lexical candidates), then the stages that changed the ranking, in order. */
  stage: string;
  score: number | null;
  rank: number | null;
}

/** What the ranking did to one result, with `explain: true`. */
export interface DatastoreQueryExplanation {
  /** The candidates' BM25 and every stage that changed the ranking, in the order they ran. */
  stages: RankingStageStep[];
}

/** One document fragment found by a datastore query, in the hosted service's shape. */
export interface DatastoreQueryResult {
  /** The fragment's text. */
  text: string;
  /** Relevance in 0..1; higher is better. */
  score: number;
  /** The fragment's URL (with its heading anchor when it has one), or null. */
  source: string | null;
  datasource_id: string;
  datasource_name: string;
  /** The `custom_id` of the fragment's document, when it has one. */
  custom_id?: string;
  /** The fragment's place in its document (0 = first), Chaindesk's `chunk_offset`. */
  offset: number;
  /** Our additions, passed on as metadata by LangChain's retriever. */
  chunk_id: string;
  datasource_type: string;
  mime_type: string;
  page_number?: number;
  total_pages?: number;
  /** With `explain: true` in the request: each stage's score and rank for this result. */
  explain?: DatastoreQueryExplanation;
}

/** Response of `POST /api/datastores/{id}/query`: fragments, best first. */
export interface DatastoreQueryResponse {
  results: DatastoreQueryResult[];
}

/**
 * Search-as-you-type over an agent's documentation (issue 52): the widget's ⌘K modal asks
 * `POST /api/agents/{id}/search` of the BFF, which relays it to the agent service's route of
 * the same path. A search reads the agent's datastores as its questions do, with the query's
 * last word taken as a prefix ("conf" finds "config"), and answers sections, not an answer.
 */

/** Body of `POST /api/agents/{id}/search`. */
export interface SearchRequest {
  /**
   * What was typed (1 to `SEARCH_QUERY_LIMIT.max` (200) characters, not blank, no control
   * characters). Unless it ends with a space, its last word is a prefix.
   */
  query: string;
  /** Most results, 1 to 20 (default 8). */
  limit?: number;
  /**
   * The visitor id the BFF signed, when the widget has one: the BFF's per-visitor search
   * limit counts it (without one, a search counts against its client's IP). Not relayed.
   */
  visitorId?: string;
}

/**
 * A `[start, end)` range of UTF-16 code units of an excerpt that matched the query, for the
 * widget to mark (as text, never HTML).
 */
export type SearchHighlight = [start: number, end: number];

/** One section found by a search. */
export interface SearchResult {
  /** The page title (or the document's name). */
  title: string;
  /** The section's heading inside the page ('' for a page's opening text). */
  heading: string;
  /** The section's URL, `page#heading`, or null when its document has none. */
  url: string | null;
  /** One or two lines of the section as plain text, around the words that matched. */
  excerpt: string;
  /** Where the excerpt matched the query, in order, not overlapping. */
  highlights: SearchHighlight[];
  /** Relevance in 0..1; higher is better. */
  score: number;
}

/** Response of `POST /api/agents/{id}/search`: sections, best first. */
export interface SearchResponse {
  results: SearchResult[];
}

/**
 * Response of the BFF's `GET /api/agents/{id}/features`: what the widget may offer for this
 * agent behind this BFF. `search` is false when the upstream has no search route for the
 * public (the hosted Chaindesk API): the widget's search mode then hides itself.
 */
export interface AgentFeatures {
  search: boolean;
}

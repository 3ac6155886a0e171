/** A query quota: at most `queries` queries per window of `periodMs` milliseconds. */
export interface UsageLimit {
  queries: number;
  periodMs: number;
}

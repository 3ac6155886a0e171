import { stemOf, wordsOf } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';
import { DATASTORES_VERSION_SQL } from './search-cache.js';

/** Completions of the last word looked at, the commonest first. */
const MAX_COMPLETIONS = 12;

/** What {@link completeLastWord} made of a query typed so far. */
export interface CompletedQuery {
  /** The query to search: as typed, or with its last word replaced by its completion. */
  query: string;
  /** The last word as typed (lower case), when it was taken as a prefix. */
  prefix?: string;
  /**
   * With `withVersion`, the datastores' version (`datastoresVersion`), read in the same
   * statement as the completions; absent when no statement was needed.
   */
  version?: string;
}

/** The smallest string after every string that starts with `prefix` (in code point order). */
function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) as number;
  const head = prefix.slice(0, prefix.length - String.fromCodePoint(last).length);
  return head + String.fromCodePoint(last + 1);
}

/**
 * Search as you type: the query's last word, unless a space follows it, is a prefix
 * ("conf" finds "config"). It is replaced by the term of the datastores that starts with it
 * and that the most chunks hold (`lexicon_terms`, by its `(datastore_id, term)` index: one
 * range scan), and the query is then searched as any other, so the ranking, the spelling
 * correction and the rest of retrieval stay the one path. The word stays as typed when its
 * own stem is at least as common as every completion ("run" stays "run", not "runtime"),
 * when nothing starts with it (a misspelling: retrieval corrects it), and when it is one
 * letter or holds a digit. A completion is a stem (`configur`); only stems that stem to
 * themselves are used, so that searching it finds it.
 *
 * @example
 * await completeLastWord(database, 'vitest conf', ['ds_1']); // { query: 'vitest config', prefix: 'conf' }
 */
export async function completeLastWord(
  database: Queryable,
  typed: string,
  datastoreIds: readonly string[],
  options: { withVersion?: boolean } = {},
): Promise<CompletedQuery> {
  const match = /[\p{L}\p{N}]+$/u.exec(typed);
  if (!match || datastoreIds.length === 0) return { query: typed };
  const word = wordsOf(match[0]).at(-1) ?? '';
  if ([...word].length < 2 || /\p{N}/u.test(word)) return { query: typed };
  const own = stemOf(word);
  // The completions joined to one row (the version, or nothing), so that no completion
  // still gives that row: its term null.
  const found = await database.query<{
    term: string | null;
    frequency: number | null;
    version: string | null;
  }>(
    `SELECT t.term, t.frequency, v.version
     FROM (${options.withVersion === true ? DATASTORES_VERSION_SQL : 'SELECT NULL::text AS version'}) v
     LEFT JOIN LATERAL (
       SELECT term, sum(chunks)::float8 AS frequency FROM lexicon_terms
       WHERE datastore_id = ANY($1::text[])
         AND ((term >= $2 AND term < $3 AND starts_with(term, $2)) OR term = $4)
       GROUP BY term HAVING sum(chunks) > 0
       ORDER BY 2 DESC, length(term), term
       LIMIT ${MAX_COMPLETIONS}
     ) t ON true
     ORDER BY t.frequency DESC, length(t.term), t.term`,
    [[...datastoreIds], word, prefixEnd(word), own],
  );
  const version = found[0]?.version;
  const read = version === null || version === undefined ? {} : { version };
  const rows = found.flatMap(({ term, frequency }) =>
    term === null ? [] : [{ term, frequency: Number(frequency) }],
  );
  const ownFrequency = rows.find((row) => row.term === own)?.frequency ?? 0;
  const best = rows.find(
    (row) => row.term !== own && row.term.startsWith(word) && stemOf(row.term) === row.term,
  );
  if (!best || Number(best.frequency) <= Number(ownFrequency)) {
    return { query: typed, prefix: word, ...read };
  }
  return { query: typed.slice(0, match.index) + best.term, prefix: word, ...read };
}

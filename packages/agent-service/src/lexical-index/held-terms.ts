import type { Queryable } from '../store/index.js';

/**
 * How many chunks of the datastores hold each of `terms`, for those some chunk holds (a term
 * none holds is not in the map): one lookup in `lexicon_terms`, by its index.
 */
export async function heldTermFrequencies(
  database: Queryable,
  terms: readonly string[],
  datastoreIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await database.query<{ term: string; frequency: number }>(
    `SELECT term, sum(chunks)::float8 AS frequency FROM lexicon_terms
     WHERE datastore_id = ANY($2::text[]) AND term = ANY($1::text[])
     GROUP BY term HAVING sum(chunks) > 0`,
    [[...terms], [...datastoreIds]],
  );
  return new Map(rows.map((row) => [row.term, Number(row.frequency)]));
}

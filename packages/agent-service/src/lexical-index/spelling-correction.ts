import type { Queryable } from '../store/index.js';

/**
 * Shortest term corrected: a shorter one has too many real neighbours one letter away
 * ("cat": "bat", "cut", "cast", …) for the nearest to be what was meant.
 */
const MIN_CORRECTED_LENGTH = 4;
/** Longest term corrected: longer ones are codes or run-together text, not typing slips. */
const MAX_CORRECTED_LENGTH = 24;
/**
 * Most unknown terms a query may have to be corrected at all. Each costs ~50 index
 * lookups per letter (measured: six unknown words added ~12 ms to a query at 50,000
 * chunks), and a question with more words the datastore does not know is in another
 * language or vocabulary, not misspelled: its nearest terms would be wrong anyway.
 */
const MAX_UNKNOWN_TERMS = 2;
/** Letters tried in substitutions and insertions besides the term's own: English's. */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every term one edit away from `term` (Damerau–Levenshtein distance 1: a letter left
 * out, added, replaced, or two neighbours swapped), over the letters a–z and the term's
 * own. Empty for terms shorter than 4 characters (too many real words are one edit from
 * them) or longer than 24, or holding a digit (codes, years and amounts are not
 * misspelled words).
 *
 * @example
 * spellingVariantsOf('tackel').includes('tackl') // true: one letter left out
 */
export function spellingVariantsOf(term: string): string[] {
  const letters = [...term];
  if (
    letters.length < MIN_CORRECTED_LENGTH ||
    letters.length > MAX_CORRECTED_LENGTH ||
    /\p{N}/u.test(term)
  ) {
    return [];
  }
  const alphabet = [...new Set([...LETTERS, ...letters])];
  const variants = new Set<string>();
  const join = (parts: readonly string[]) => parts.join('');
  for (let index = 0; index <= letters.length; index += 1) {
    const before = letters.slice(0, index);
    const after = letters.slice(index);
    for (const letter of alphabet) variants.add(join([...before, letter, ...after]));
    if (index === letters.length) continue;
    const rest = letters.slice(index + 1);
    variants.add(join([...before, ...rest]));
    for (const letter of alphabet) variants.add(join([...before, letter, ...rest]));
    if (index + 1 < letters.length) {
      variants.add(
        join([...before, letters[index + 1] as string, letters[index] as string, ...rest.slice(1)]),
      );
    }
  }
  variants.delete(term);
  return [...variants];
}

/** A term of the datastores that an unknown query term was taken for. */
export interface Correction {
  term: string;
  /** Chunks of the datastores that hold it. */
  frequency: number;
}

/**
 * For each of `unknown` (query terms no chunk of the datastores holds: misspelled, or
 * written differently), the term of the datastores one edit away that the most chunks
 * hold ("tackel" → "tackl", "intercpet" → "intercept"), if any: one lookup of all the
 * variants in `lexicon_terms`, by its index. Terms with no such neighbour are left out, and
 * a query with more than 2 unknown terms is not corrected at all (empty map).
 */
export async function correctUnknownTerms(
  database: Queryable,
  unknown: readonly string[],
  datastoreIds: readonly string[],
): Promise<Map<string, Correction>> {
  const corrections = new Map<string, Correction>();
  if (unknown.length > MAX_UNKNOWN_TERMS) return corrections;
  const variantsOf = new Map(unknown.map((term) => [term, spellingVariantsOf(term)]));
  const variants = [...new Set([...variantsOf.values()].flat())];
  if (variants.length === 0) return corrections;
  const rows = await database.query<{ term: string; frequency: number }>(
    `SELECT term, sum(chunks)::float8 AS frequency FROM lexicon_terms
     WHERE datastore_id = ANY($2::text[]) AND term = ANY($1::text[])
     GROUP BY term HAVING sum(chunks) > 0`,
    [variants, [...datastoreIds]],
  );
  const known = new Map(rows.map((row) => [row.term, Number(row.frequency)]));
  for (const [term, candidates] of variantsOf) {
    let best: Correction | undefined;
    for (const candidate of candidates) {
      const frequency = known.get(candidate);
      if (frequency === undefined) continue;
      if (
        !best ||
        frequency > best.frequency ||
        (frequency === best.frequency && candidate < best.term)
      ) {
        best = { term: candidate, frequency };
      }
    }
    if (best) corrections.set(term, best);
  }
  return corrections;
}

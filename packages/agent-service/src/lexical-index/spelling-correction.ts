import type { Queryable } from '../store/index.js';
import { isEnglishWord } from './english-words.js';
import { heldTermFrequencies } from './held-terms.js';
import { baseFormOf } from './irregular-verbs.js';
import { stemOf } from './text-terms.js';

/**
 * Shortest term corrected: a shorter one has too many real neighbours one letter away
 * ("cat": "bat", "cut", "cast", …) for the nearest to be what was meant.
 */
const MIN_CORRECTED_LENGTH = 4;
/** Longest term corrected: longer ones are codes or run-together text, not typing slips. */
const MAX_CORRECTED_LENGTH = 24;
/**
 * Most unknown terms that are not English words a query may have to be corrected at all.
 * Each costs ~50 index lookups per letter (measured: six unknown words added ~12 ms to a
 * query at 50,000 chunks), and a question with more words that neither the datastore nor
 * English knows is in another language or vocabulary, not misspelled: its nearest terms
 * would be wrong anyway. English words the datastore does not use cost no lookup.
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

/** A query term no chunk of the datastores holds, and the question's words it stems from. */
export interface UnknownTerm {
  term: string;
  /** The words of the question (lower-case) that the index analyses as `term`. */
  words: readonly string[];
  /**
   * Whether the question writes one of `words` as code or as a name (`codeWordsOf`:
   * `onDone`, `max_size`, `YAML`): an identifier typed deliberately, never a slip.
   */
  asCode?: boolean;
}

/** A term of the datastores that an unknown query term was taken for. */
export interface Correction {
  term: string;
  /** Chunks of the datastores that hold it. */
  frequency: number;
}

/**
 * What an unknown term may be taken for: nothing when the question writes it as code or as a
 * name (`onDone` is not "undone", `YAML` not "yml"); the stem of its verb's base form when it
 * is an irregular verb's past ("threw" → `throw`: the same word to a reader, another to the
 * stemmer); nothing when it is an English word (`isEnglishWord`: "wipe" is not a slip of
 * "wide", the documents just do not say it); else the terms one edit away.
 */
function candidatesFor(unknown: UnknownTerm): string[] {
  if (unknown.asCode === true) return [];
  const bases = unknown.words.flatMap((word) => {
    const base = baseFormOf(word);
    return base === undefined ? [] : [stemOf(base)];
  });
  if (bases.length > 0) return bases;
  if (unknown.words.some(isEnglishWord)) return [];
  return spellingVariantsOf(unknown.term);
}

/**
 * For each of `unknown` (query terms no chunk of the datastores holds: misspelled, or
 * written differently), the term of the datastores that the most chunks hold among what it
 * may be taken for: an irregular verb's base form ("threw" → "throw"), or for a word that
 * is not English, a term one edit away ("tackel" → "tackl", "intercpet" → "intercept"). A
 * correctly spelled English word is never taken for another ("wipe" stays unknown, not
 * "wide"), nor is a word written as code or as a name (`asCode`). One lookup of all the candidates in `lexicon_terms`, by its index. Terms with no
 * candidate the datastores hold are left out, and a query with more than 2 unknown terms
 * that are not English words is not corrected at all (empty map).
 */
export async function correctUnknownTerms(
  database: Queryable,
  unknown: readonly UnknownTerm[],
  datastoreIds: readonly string[],
): Promise<Map<string, Correction>> {
  const corrections = new Map<string, Correction>();
  const unspelled = unknown.filter((item) => !item.words.some(isEnglishWord));
  if (unspelled.length > MAX_UNKNOWN_TERMS) return corrections;
  const candidatesOf = new Map(unknown.map((item) => [item.term, candidatesFor(item)]));
  const candidates = [...new Set([...candidatesOf.values()].flat())];
  if (candidates.length === 0) return corrections;
  const known = await heldTermFrequencies(database, candidates, datastoreIds);
  for (const [term, termCandidates] of candidatesOf) {
    let best: Correction | undefined;
    for (const candidate of termCandidates) {
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

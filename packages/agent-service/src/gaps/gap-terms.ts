import {
  expandNegativeContractions,
  queryTerms,
  stemOf,
  synonymsOf,
  wordsOf,
} from '../lexical-index/index.js';

/** The topic terms of one question, and the words they were written as. */
export interface GapTerms {
  /** Stems as retrieval reads a question (`queryTerms`), each synonym group as one stem. */
  terms: string[];
  /** Each term → the first word of the question it was read from (for labels). */
  words: Map<string, string>;
}

/**
 * The one stem a group of synonyms (`synonymsOf`) is counted as: the alphabetically first,
 * so "remove" and "delete", or "config" and "configuration", are one term of a topic.
 */
function canonicalStem(stem: string): string {
  let canonical = stem;
  for (const other of synonymsOf(stem)) if (other < canonical) canonical = other;
  return canonical;
}

/**
 * What a content gap is about, read with the words retrieval reads a question with:
 * `queryTerms` (Porter2 stems, stop and filler words out; negative contractions written out
 * first, as `lexemesOf` does, and single letters left out), synonyms folded into one term
 * ({@link canonicalStem}), in order of first appearance.
 *
 * @example
 * gapTermsOf('How do I delete my account?').terms // ['delet', 'account']
 * gapTermsOf('Remove my account').terms          // ['delet', 'account']
 */
export function gapTermsOf(question: string): GapTerms {
  const text = expandNegativeContractions(question);
  const stems = queryTerms(text);
  const words = new Map<string, string>();
  for (const word of wordsOf(text)) {
    if (word.length < 2) continue;
    const stem = stemOf(word);
    if (!stems.has(stem)) continue;
    const term = canonicalStem(stem);
    if (!words.has(term)) words.set(term, word);
  }
  return { terms: [...words.keys()], words };
}

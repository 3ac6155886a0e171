import { expandNegativeContractions } from './contractions.js';
import { isIndexStopWord, stemOf } from './text-terms.js';

/** Most words joined into one compound: "watch trigger patterns" → `watchTriggerPatterns`. */
const MAX_COMPOUND_WORDS = 3;

/**
 * The question's neighbouring words written as one, as code names things: "global setup"
 * as `globalSetup`, "setup files" as `setupFiles`, "clear mocks" as `clearMocks` — two or
 * three words in a row, letters only, none a stop word, none hyphenated — each stemmed as
 * the index stems an identifier (whole, lower-cased). Most join into nothing the documents
 * hold; those that do name the option or function the words describe.
 */
export function compoundTermsOf(question: string): string[] {
  // A hyphenated word ("sub-app", "not-found") is English's own compound, not a name's
  // words. Nor are words across punctuation ("…the file. Setup…").
  const clauses = expandNegativeContractions(question)
    .toLowerCase()
    .split(/[,.;:!?()"]+(?:\s|$)/);
  const compounds = new Set<string>();
  for (const clause of clauses) {
    const words = clause.match(/[\p{L}\p{N}]+(?:[-'.][\p{L}\p{N}]+)*/gu) ?? [];
    for (let start = 0; start < words.length; start += 1) {
      for (let count = 2; count <= MAX_COMPOUND_WORDS; count += 1) {
        const run = words.slice(start, start + count);
        if (run.length < count || !run.every(isJoinable)) break;
        compounds.add(stemOf(run.join('')));
      }
    }
  }
  return [...compounds];
}

const isJoinable = (word: string) => /^\p{L}{2,}$/u.test(word) && !isIndexStopWord(word);

/**
 * Word handling shared by retrieval re-ranking and the extractive answerer: stop words
 * and term sets, stemmed as Postgres's `english` configuration stems them.
 */
import { stemEnglish } from './english-stemmer.js';

const STOP_WORDS = new Set(
  `a about above after again all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has
  have having he her here hers him his how i if in into is it its itself just me more most my no
  nor not now of off on once only or other our ours out over own please same she should so some
  such tell than that the their them then there these they this those through to too under until
  up very was we were what when where which while who whom why will with would you your yours
  explain show know want need get use using way`.split(/\s+/),
);

// Every query stems the words of all its candidate chunks (thousands of words), and
// documents reuse a small vocabulary, so stems are remembered. Bounded: the oldest entry
// goes first, and long tokens (hashes, encoded blobs) are stemmed but never kept.
const MAX_CACHED_STEMS = 50_000;
const MAX_CACHED_WORD_LENGTH = 40;
const stems = new Map<string, string>();

function stem(word: string): string {
  const cached = stems.get(word);
  if (cached !== undefined) return cached;
  const stemmed = stemEnglish(word);
  if (word.length <= MAX_CACHED_WORD_LENGTH) {
    if (stems.size >= MAX_CACHED_STEMS) stems.delete(stems.keys().next().value as string);
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** The words of a text, lower-cased: runs of letters and digits. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The meaningful words of a text, stemmed. */
export function queryTerms(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .filter((word) => !STOP_WORDS.has(word))
      .map(stem),
  );
}

/** Every word of a text, stemmed. */
export function termsOf(text: string): Set<string> {
  return new Set(wordsOf(text).map(stem));
}

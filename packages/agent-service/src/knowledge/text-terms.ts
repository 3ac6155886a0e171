/**
 * Word handling shared by retrieval and the extractive answerer: words, stop words and
 * term sets, stemmed with Porter2 (Snowball English, the algorithm of Postgres's `english`
 * configuration) by the `wink-porter2-stemmer` package.
 */
/// <reference path="./wink-porter2-stemmer.d.ts" />
import stemEnglish from 'wink-porter2-stemmer';

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
  // Numbers and codes stay as they are (as in Postgres); the stemmer would mangle them.
  const stemmed = /\p{N}/u.test(word) ? word : stemEnglish(word);
  if (word.length <= MAX_CACHED_WORD_LENGTH) {
    if (stems.size >= MAX_CACHED_STEMS) stems.delete(stems.keys().next().value as string);
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** The words of a text, lower-cased: runs of letters and digits. */
export function wordsOf(text: string): string[] {
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

/**
 * The text Postgres should search for: the words of a question without stop words and
 * fillers ("need", "tell", "explain" — words that would match passages about anything).
 */
export function searchText(text: string): string {
  return wordsOf(text)
    .filter((word) => !STOP_WORDS.has(word))
    .join(' ');
}

/** Every word of a text, stemmed. */
export function termsOf(text: string): Set<string> {
  return new Set(wordsOf(text).map(stem));
}

/**
 * Word handling shared by retrieval and the extractive answerer: words, stop words and
 * term sets, stemmed with Porter2 (Snowball English, the algorithm of Postgres's `english`
 * configuration) by the `wink-porter2-stemmer` package.
 */
/// <reference path="./wink-porter2-stemmer.d.ts" />
import stemEnglish from 'wink-porter2-stemmer';
// From its module, not store/index: a chunk-analysis worker loads this without the database.
import { TSVECTOR_MAX_POSITION, TSVECTOR_WEIGHT } from '../store/binary-arrays.js';
import { codeShapesOf } from './code-shapes.js';
import { expandNegativeContractions } from './contractions.js';

/**
 * The tsvector weight of a chunk's code shapes (`codeShapesOf`): C, a third of its text's
 * (see `RANK_WEIGHTS`): an example's construct says less than the words around it.
 */
const CODE_SHAPE_WEIGHT = TSVECTOR_WEIGHT.C;

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

/** One word (lower-case, as {@link wordsOf} gives it) stemmed as the index stems it. */
export function stemOf(word: string): string {
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

/**
 * Postgres's `english` stop words (its `english.stop`, 127 words): what the lexical index
 * leaves out, as `to_tsvector('english', …)` does.
 */
const INDEX_STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself
  she her hers herself it its itself they them their theirs themselves what which who whom this
  that these those am is are was were be been being have has had having do does did doing a an
  the and but if or because as until while of at by for with about against between into through
  during before after above below to from up down in out on off over under again further then
  once here there when where why how all any both each few more most other some such no nor not
  only own same so than too very s t can will just don should now`.split(/\s+/),
);

/** Longest word indexed (Postgres refuses lexemes over 2,046 bytes; no real word is close). */
const MAX_INDEXED_WORD_LENGTH = 200;
/** `to_tsvector` keeps a lexeme's first 255 positions (one less than a tsvector holds). */
const MAX_POSITIONS_PER_LEXEME = 255;

/** A chunk as the lexical index stores it. */
export interface AnalyzedChunk {
  /**
   * The chunk's `tsvector`: each lexeme with its positions as Postgres stores them (see
   * `encodeTsvectorArray`), title words at weight A, text words at weight B, the shapes
   * of its code (`codeShapesOf`) at weight C, after its words. Its keys are
   * the distinct lexemes (what the term statistics count once per chunk).
   */
  lexemes: Map<string, number[]>;
  /** Words in title and text (stop words included): BM25's document length. */
  length: number;
}

/**
 * Analyses a chunk for the lexical index exactly as the index's queries are analysed
 * ({@link lexemesOf}): the words of `title` then `content`, numbered from 1, stop words
 * counted but not kept, the others stemmed (Porter2, as Postgres's `english` configuration
 * does); then the shapes of the content's code (`codeShapesOf`), which are not words and
 * do not count in its length. Computed here rather than by `to_tsvector` in the database:
 * PGlite (Postgres in WebAssembly) parses text several times slower than this, and
 * ingestion is bound by it.
 */
export function analyzeChunk(title: string, content: string): AnalyzedChunk {
  const lexemes = new Map<string, number[]>();
  const add = (lexeme: string, at: number) => {
    const known = lexemes.get(lexeme);
    if (known === undefined) lexemes.set(lexeme, [at]);
    else if (
      known.length < MAX_POSITIONS_PER_LEXEME &&
      ((known[known.length - 1] as number) & TSVECTOR_MAX_POSITION) < TSVECTOR_MAX_POSITION &&
      known[known.length - 1] !== at
    )
      known.push(at);
  };
  let position = 0;
  let weight: number = TSVECTOR_WEIGHT.A;
  for (const text of [title, content]) {
    for (const written of writtenWordsOf(text)) {
      position += 1;
      const word = written.toLowerCase();
      if (INDEX_STOP_WORDS.has(word) || word.length > MAX_INDEXED_WORD_LENGTH) continue;
      // Positions past Postgres's highest are stored as the highest, once.
      const at = (weight << 14) | Math.min(position, TSVECTOR_MAX_POSITION);
      add(stemOf(word), at);
      if (word !== written) {
        for (const part of identifierParts(written)) add(stemOf(part), at);
      }
    }
    weight = TSVECTOR_WEIGHT.B;
  }
  // The shapes of its code (see `codeShapesOf`), at a low weight, after its words.
  const shapesAt = (CODE_SHAPE_WEIGHT << 14) | Math.min(position + 1, TSVECTOR_MAX_POSITION);
  for (const shape of codeShapesOf(content)) add(shape, shapesAt);
  return { lexemes, length: position };
}

/** Whether the lexical index leaves a (lower-case) word out, as Postgres's `english` does. */
export function isIndexStopWord(word: string): boolean {
  return INDEX_STOP_WORDS.has(word);
}

// A lower-case letter or digit followed by an upper-case one, or an upper-case run
// followed by a capitalised word ("XMLHttp" → "XML", "Http").
const IDENTIFIER_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const HAS_INNER_CAPITAL = /[\p{Ll}\p{N}]\p{Lu}/u;
// Identifiers people name things with: letters, perhaps a version at the end (`es2022`,
// `utf8Decode` aside), short. Encoded data (`eyJzdWIiOi…`, hashes) is left whole.
const NAMING_IDENTIFIER = /^\p{L}+\p{N}*$/u;
const MAX_IDENTIFIER_PARTS = 6;

/**
 * The words inside a camelCase or PascalCase identifier, lower-cased, without stop words
 * and one-letter pieces: `allowAfterThis` → `allow`; `ignorePropertyModificationsFor` →
 * `ignore`, `property`, `modifications`. The index keeps them at the identifier's position
 * beside the identifier itself, so that a question in words ("allow … through this")
 * finds the option named in code, while the identifier still matches as a whole.
 * Questions are not split: their identifiers should match identifiers.
 */
export function identifierParts(written: string): string[] {
  if (
    written.length > MAX_CACHED_WORD_LENGTH ||
    !HAS_INNER_CAPITAL.test(written) ||
    !NAMING_IDENTIFIER.test(written)
  ) {
    return [];
  }
  const pieces = written.split(IDENTIFIER_BOUNDARY);
  if (pieces.length > MAX_IDENTIFIER_PARTS) return [];
  const parts: string[] = [];
  for (const piece of pieces) {
    const part = piece.toLowerCase();
    if (part.length > 1 && !INDEX_STOP_WORDS.has(part)) parts.push(part);
  }
  return parts;
}

/**
 * The lexemes of a text with their word positions (from 1, stop words counted), as
 * {@link analyzeChunk} indexes them: what a question is searched with. Its negative
 * contractions are read as the words they contract (`expandNegativeContractions`: "isn't"
 * as "is not", not as `isn`), in as many words, so positions stay those of the text.
 */
export function lexemesOf(text: string): { lexeme: string; position: number }[] {
  const lexemes: { lexeme: string; position: number }[] = [];
  let position = 0;
  for (const word of wordsOf(expandNegativeContractions(text))) {
    position += 1;
    if (INDEX_STOP_WORDS.has(word) || word.length > MAX_INDEXED_WORD_LENGTH) continue;
    lexemes.push({ lexeme: stemOf(word), position });
  }
  return lexemes;
}

/** The words of a text as written: runs of letters and digits. */
export function writtenWordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words of a text, lower-cased: runs of letters and digits ({@link writtenWordsOf}). */
export function wordsOf(text: string): string[] {
  return writtenWordsOf(text.toLowerCase());
}

/** The meaningful words of a text, stemmed. */
export function queryTerms(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .filter((word) => !STOP_WORDS.has(word))
      .map(stemOf),
  );
}

/** Every word of a text, stemmed, with the words inside its identifiers ({@link identifierParts}). */
export function termsOf(text: string): Set<string> {
  const terms = new Set<string>();
  for (const written of writtenWordsOf(text)) {
    const word = written.toLowerCase();
    terms.add(stemOf(word));
    if (word !== written) for (const part of identifierParts(written)) terms.add(stemOf(part));
  }
  return terms;
}

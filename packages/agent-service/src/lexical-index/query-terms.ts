import type { Queryable } from '../store/index.js';
import { codeShapesOf, rarestShapes } from './code-shapes.js';
import { codeWordsOf, proseWordsOf } from './code-words.js';
import { compoundTermsOf } from './compound-terms.js';
import { expandNegativeContractions } from './contractions.js';
import { isEnglishWord } from './english-words.js';
import { heldTermFrequencies } from './held-terms.js';
import { questionWeights } from './question-weights.js';
import { type Correction, correctUnknownTerms } from './spelling-correction.js';
import { SYNONYM_WEIGHT, synonymsOf } from './synonyms.js';
import { lexemesOf, stemOf, wordsOf } from './text-terms.js';
import { wordNetRelativesOf } from './wordnet.js';

/** Part of what is searched for, with how much its words count (the question: 1). */
export interface WeightedText {
  text: string;
  weight: number;
}

/** Two neighbouring words of the question, looked for as a phrase. */
export interface Phrase {
  /** Its two terms (lexemes). */
  terms: [string, string];
  /** The tsquery: the two terms at their distance in the question. */
  query: string;
  weight: number;
}

/** A query term with its statistics. */
export interface QueryTerm {
  term: string;
  /** Chunks of the searched datastores that contain the term. */
  frequency: number;
  /**
   * Weight of the text it came from times the word's own in the question (`questionWeights`);
   * the highest, when several occurrences share the term.
   */
  weight: number;
  idf: number;
}

/** What a question's word pair found as a phrase adds, as a share of the pair's mean idf. */
const PHRASE_WEIGHT = 0.5;
/**
 * Words Postgres does not treat as stop words but that say nothing about the topic of a
 * question ("What do I need…", "Tell me…"), as Postgres stems them.
 */
const FILLER_TERMS = new Set('explain show know want need get use way tell pleas'.split(' '));
/**
 * How much a term counts that stands in for a question word no chunk holds, one edit away
 * ("intercpetions" → "interceptions") or its irregular verb's base form ("threw" → "throw"):
 * `correctUnknownTerms`. Less than the word itself, as it may not be what was meant. Tuned
 * on both folds of the SQuAD set (docs/benchmarks.md).
 */
const CORRECTION_WEIGHT = 0.5;

/**
 * How much a compound of the question's words counts (`compoundTermsOf`). Measured on both
 * documentation sites, a site with one page per config option, PostgreSQL's manual and
 * SQuAD (docs/benchmarks.md): 0.5 finds option pages named by the question's words without
 * moving any other answer's measure; at 1 the compound outweighs what the words say.
 */
const COMPOUND_WEIGHT = 0.5;

/**
 * How much a WordNet relative of a question word the documents do not use counts
 * (`wordNetAlternatives`), as a hand-listed synonym does. Chosen leave-one-site-out on the
 * five development sets over 0.3, 0.5 and 0.7 (docs/benchmarks.md, 2026-11-30): 0.5 and 0.7
 * score alike, 0.5 on every held-out set.
 */
const WORDNET_WEIGHT = SYNONYM_WEIGHT;

/** A lexeme as a tsquery literal: quoted, with quotes and backslashes escaped. */
export function tsqueryLiteral(term: string): string {
  return `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** The words of `texts` (lower-case) that the index analyses as `lexeme`. */
function wordsAnalysedAs(texts: readonly WeightedText[], lexeme: string): string[] {
  const words = texts.flatMap((text) => wordsOf(expandNegativeContractions(text.text)));
  return [...new Set(words.filter((word) => stemOf(word) === lexeme))];
}

/**
 * The stems of the WordNet relatives (`wordNetRelativesOf`) of `unknown`'s English words, at
 * {@link WORDNET_WEIGHT} of the word's weight: single words only, none the question already
 * has, no filler.
 */
function wordNetAlternatives(
  texts: readonly WeightedText[],
  unknown: readonly { lexeme: string; weight: number }[],
  asWritten: ReadonlySet<string>,
): { lexeme: string; position: number; weight: number }[] {
  return unknown.flatMap((item) => {
    const words = wordsAnalysedAs(texts.slice(0, 1), item.lexeme).filter(isEnglishWord);
    const stems = new Set(
      words
        .flatMap(wordNetRelativesOf)
        .filter((lemma) => !lemma.includes(' ') && !lemma.includes('-'))
        .map(stemOf)
        .filter((stem) => stem !== item.lexeme && !asWritten.has(stem) && !FILLER_TERMS.has(stem)),
    );
    return [...stems].map((lexeme) => ({
      lexeme,
      position: 0,
      weight: item.weight * WORDNET_WEIGHT,
    }));
  });
}

/**
 * The query's terms as the index analyses them (`lexemesOf`: Porter2 stems, english stop words
 * out), with their document frequencies summed over the datastores, and the datastores'
 * chunk count and average length.
 */
export async function termStatistics(
  database: Queryable,
  texts: readonly WeightedText[],
  datastoreIds: readonly string[],
): Promise<{
  terms: QueryTerm[];
  phrases: Phrase[];
  averageLength: number;
  /** Chunks of the searched datastores. */
  chunks: number;
  /** Chunks of every datastore: the rows a scan of the chunks table reads. */
  storedChunks: number;
  /** The question's lexemes (of the first text) that no chunk holds, filler words aside. */
  unknown: string[];
}> {
  const analyzed = texts.map((text) => {
    const emphasis = questionWeights(text.text);
    return lexemesOf(text.text).map((item) => ({
      ...item,
      weight: text.weight * (emphasis.get(item.position) ?? 1),
    }));
  });
  // The question's words as the documents may write them (`synonymsOf`), as one more text
  // at a lower weight: no phrases, no spelling corrections.
  const asWritten = new Set(analyzed.flatMap((part) => part.map((item) => item.lexeme)));
  const alternatives = (analyzed[0] ?? []).flatMap((item) =>
    synonymsOf(item.lexeme)
      .filter((lexeme) => !asWritten.has(lexeme))
      .map((lexeme) => ({ lexeme, position: 0, weight: item.weight * SYNONYM_WEIGHT })),
  );
  if (alternatives.length > 0) analyzed.push(alternatives);
  // Its neighbouring words as code joins them (`compoundTermsOf`: "global setup" as
  // `globalSetup`), one more text at a lower weight: no phrases, never unknown.
  const compounds = compoundTermsOf(texts[0]?.text ?? '')
    .filter((lexeme) => !asWritten.has(lexeme))
    .map((lexeme) => ({ lexeme, position: 0, weight: (texts[0]?.weight ?? 1) * COMPOUND_WEIGHT }));
  if (compounds.length > 0) analyzed.push(compounds);
  // The shapes of the question's code (`codeShapesOf`): its construct, whatever it names.
  // Not question words: never unknown, corrected or paired into phrases.
  const shapes = codeShapesOf(texts[0]?.text ?? '');
  const lexemes = [
    ...new Set([...analyzed.flatMap((part) => part.map((item) => item.lexeme)), ...shapes]),
  ];
  // The terms' document frequencies and the datastores' totals, in one statement: the
  // totals are the row without a term (with every datastore's chunks: one row each).
  const statistics = await database.query<{
    term: string | null;
    frequency: number | null;
    total_length: number | null;
    stored: number | null;
  }>(
    `SELECT term, sum(chunks)::float8 AS frequency, NULL::float8 AS total_length,
       NULL::float8 AS stored
     FROM lexicon_terms
     WHERE datastore_id = ANY($2::text[]) AND term = ANY($1::text[]) GROUP BY term
     UNION ALL
     SELECT NULL, sum(chunks) FILTER (WHERE datastore_id = ANY($2::text[]))::float8,
       sum(total_length) FILTER (WHERE datastore_id = ANY($2::text[]))::float8,
       sum(chunks)::float8
     FROM lexicon_totals`,
    [lexemes, [...datastoreIds]],
  );
  const frequencies = new Map<string, number>();
  let chunks = 0;
  let storedChunks = 0;
  let totalLength = 0;
  for (const row of statistics) {
    if (row.term === null) {
      chunks = Number(row.frequency ?? 0);
      totalLength = Number(row.total_length ?? 0);
      storedChunks = Number(row.stored ?? 0);
    } else frequencies.set(row.term, Number(row.frequency));
  }
  // Only the rarest shapes the datastores hold are searched, each as a word of the question:
  // a construct's distinctive runs are its rare ones, and each term costs a rank per candidate.
  const searched = rarestShapes(shapes, (shape) => frequencies.get(shape) ?? 0);
  if (searched.length > 0) {
    const weight = texts[0]?.weight ?? 1;
    analyzed.push(searched.map((lexeme) => ({ lexeme, position: 0, weight })));
  }
  const unknown = lexemes.filter(
    (lexeme) =>
      asWritten.has(lexeme) && !((frequencies.get(lexeme) ?? 0) > 0) && !FILLER_TERMS.has(lexeme),
  );
  // An unknown word the question writes as code or as a name (`codeWordsOf`: `onDone`,
  // `YAML`) is never corrected: the reader typed it deliberately.
  const codeWords =
    unknown.length === 0
      ? new Set<string>()
      : new Set(texts.flatMap((text) => [...codeWordsOf(text.text)]));
  const unknownWords = unknown.map((term) => {
    const words = wordsAnalysedAs(texts, term);
    return { term, words, asCode: words.some((word) => codeWords.has(word)) };
  });
  const corrections =
    unknown.length === 0
      ? new Map<string, Correction>()
      : await correctUnknownTerms(database, unknownWords, datastoreIds);
  // The unknown English words as WordNet relates them (`wordNetRelativesOf`), where the
  // documents hold those words: "silence" as `suppress`. One more text at a lower weight:
  // no phrases. Never for a word the documents use, nor for one taken for another above,
  // nor for one the question writes only as code or as a name (`retry` in backticks is an
  // identifier, not the English verb; `proseWordsOf`: also in its prose, it is the word).
  const asCode = unknownWords.filter((item) => item.asCode);
  const proseWords =
    asCode.length === 0
      ? new Set<string>()
      : new Set(texts.slice(0, 1).flatMap((text) => [...proseWordsOf(text.text)]));
  const writtenAsCode = new Set(
    asCode
      .filter((item) => !item.words.some((word) => proseWords.has(word)))
      .map((item) => item.term),
  );
  const relatives = wordNetAlternatives(
    texts,
    unknown.flatMap((lexeme) => {
      const item = analyzed[0]?.find((entry) => entry.lexeme === lexeme);
      return item === undefined || corrections.has(lexeme) || writtenAsCode.has(lexeme)
        ? []
        : [item];
    }),
    asWritten,
  );
  if (relatives.length > 0) {
    const held = await heldTermFrequencies(
      database,
      [...new Set(relatives.map((item) => item.lexeme))],
      datastoreIds,
    );
    for (const [term, frequency] of held) frequencies.set(term, frequency);
    const found = relatives.filter((item) => frequencies.has(item.lexeme));
    if (found.length > 0) analyzed.push(found);
  }
  const rows = analyzed.flatMap((part, index) =>
    part.map((item) => {
      const correction = corrections.get(item.lexeme);
      return {
        part: index + 1,
        term: correction?.term ?? item.lexeme,
        position: item.position,
        frequency: correction?.frequency ?? frequencies.get(item.lexeme) ?? 0,
        weight: item.weight * (correction ? CORRECTION_WEIGHT : 1),
      };
    }),
  );
  const averageLength = chunks > 0 ? totalLength / chunks : 1;
  const byTerm = new Map<string, QueryTerm>();
  const questionWords: { term: string; position: number }[] = [];
  for (const row of rows) {
    const frequency = Number(row.frequency ?? 0);
    if (frequency <= 0 || FILLER_TERMS.has(row.term)) continue;
    if (row.part === 1) questionWords.push({ term: row.term, position: row.position });
    const weight = row.weight;
    const known = byTerm.get(row.term);
    if (known) {
      known.weight = Math.max(known.weight, weight);
      continue;
    }
    // BM25's idf, kept positive for terms in more than half the chunks.
    const idf = Math.log(1 + (chunks - frequency + 0.5) / (frequency + 0.5));
    byTerm.set(row.term, { term: row.term, frequency, weight, idf });
  }
  // Neighbouring words of the question (stop words may sit between them) are also
  // looked for as phrases, at the same distance: a passage that says "Super Bowl 50"
  // answers a question about it better than one with the three words apart.
  questionWords.sort((left, right) => left.position - right.position);
  const phrases: Phrase[] = [];
  for (let index = 1; index < questionWords.length; index += 1) {
    const left = questionWords[index - 1] as { term: string; position: number };
    const right = questionWords[index] as { term: string; position: number };
    const distance = right.position - left.position;
    const leftTerm = byTerm.get(left.term);
    const rightTerm = byTerm.get(right.term);
    if (distance < 1 || distance > 3 || !leftTerm || !rightTerm || left.term === right.term) {
      continue;
    }
    phrases.push({
      terms: [left.term, right.term],
      query: `${tsqueryLiteral(left.term)} <${distance}> ${tsqueryLiteral(right.term)}`,
      weight: PHRASE_WEIGHT * ((leftTerm.idf + rightTerm.idf) / 2),
    });
  }
  const asked = new Set(analyzed[0]?.map((item) => item.lexeme));
  return {
    terms: [...byTerm.values()].sort((left, right) => left.frequency - right.frequency),
    phrases,
    averageLength: Math.max(averageLength, 1),
    chunks,
    storedChunks,
    unknown: unknown.filter((lexeme) => asked.has(lexeme)),
  };
}

import { codeShapesOf, isCodeShape, stemOf, termsOf, wordsOf } from '../lexical-index/index.js';
import { answerCueOf, answerShapeOf, holdsAnswerShape } from './answer-shape.js';
import { type Bm25Parameters, bm25Score } from './bm25-score.js';

/** A ranked passage the re-rank can read. */
export interface RerankCandidate {
  content: string;
  title: string;
  /** The first-stage (BM25) score, 0..1. */
  score: number;
}

/** What the re-rank looks for. */
export interface RerankQuery {
  /** The question as asked: its words are also looked for as written (not stemmed). */
  question: string;
  /** Stemmed query terms (as `termsOf` stems them) and their weights (idf × weight). */
  termWeights: ReadonlyMap<string, number>;
}

/**
 * How much the best sentence's BM25 (0..1) raises a passage's first-stage score. Tuned
 * with `npm run eval` on the two halves of SQuAD's even set split by article, kept only
 * because both halves gained (see docs/benchmarks.md).
 */
const SENTENCE_WEIGHT = 2;
/** How much the share of the question's words found as written (unstemmed) raises it. */
const EXACT_WEIGHT = 1;
/**
 * How much the share of the question's neighbouring word pairs found side by side, as
 * written and stop words included ("the main performer", "at the halftime"), raises it: a
 * question is often the answering sentence's own words rearranged around the gap.
 */
const PAIR_WEIGHT = 1;
/**
 * How much it raises a passage that its best sentence holds what the question asks for
 * (a number for "how many", a time for "when", a name for "who": `answerShapeOf`).
 */
const SHAPE_WEIGHT = 0.25;
/**
 * How much the BM25 (0..1) of a passage's best sentence among those that hold the answer
 * in the form the question asks it (`answerCueOf`: a count just before the thing counted
 * for "how many", a year for "what year", …) raises it: the answering sentence, where the
 * best sentence overall may only repeat the question.
 */
const ANSWER_SENTENCE_WEIGHT = 2;
/** BM25 within a sentence: the usual k1 and b, lengths against the candidates' mean sentence. */
const SENTENCE_BM25: Bm25Parameters = { k1: 1.2, b: 0.75 };

/** Sentences of a text (ends at `.`, `!`, `?` or a line break). */
function sentencesOf(text: string): string[] {
  return text.match(/[^.!?\n]+(?:[.!?]+|\n|$)/g) ?? [text];
}

/** What the re-rank looks for as written: the question's words and neighbouring pairs. */
interface Asked {
  words: ReadonlySet<string>;
  pairs: ReadonlySet<string>;
  /** The first words of `pairs`: most positions of a passage are ruled out by them. */
  pairStarts: ReadonlySet<string>;
  /** The shapes of the question's code among the query terms (`codeShapesOf`). */
  codeShapes: ReadonlySet<string>;
  /**
   * The first characters of the query terms. Porter2 keeps a word's first character (it
   * only drops a leading apostrophe, which `wordsOf` never keeps), so a word starting
   * with another cannot stem to a query term and is not stemmed: most of a passage's words.
   */
  termStarts: ReadonlySet<string>;
}

/** A candidate as the re-rank reads it. */
interface Reading {
  /**
   * Its sentences as stemmed words; a word that cannot stem to a query term is `''` (it
   * only counts in the sentence's length).
   */
  sentences: string[][];
  /** The same sentences as written. */
  texts: string[];
  /** Its title's stems. */
  title: ReadonlySet<string>;
  /** The question's code shapes its code holds: read as one more sentence. */
  codeShapes: readonly string[];
  /** The share of the question's words it holds as written. */
  words: number;
  /** The share of the question's neighbouring word pairs it holds side by side. */
  pairs: number;
}

/** Neighbouring words as `"left right"`. */
function pairsOf(words: readonly string[]): Set<string> {
  const pairs = new Set<string>();
  for (let index = 1; index < words.length; index += 1) {
    pairs.add(`${words[index - 1]} ${words[index]}`);
  }
  return pairs;
}

function read(candidate: RerankCandidate, asked: Asked): Reading {
  const sentences: string[][] = [];
  const texts: string[] = [];
  for (const text of sentencesOf(candidate.content)) {
    const words = wordsOf(text);
    if (words.length === 0) continue;
    sentences.push(words);
    texts.push(text);
  }
  const words = new Set<string>();
  const pairs = new Set<string>();
  let previous: string | undefined;
  for (const sentence of sentences) {
    for (const word of sentence) {
      if (asked.words.has(word)) words.add(word);
      if (previous !== undefined && asked.pairStarts.has(previous)) {
        const pair = `${previous} ${word}`;
        if (asked.pairs.has(pair)) pairs.add(pair);
      }
      previous = word;
    }
  }
  return {
    sentences: sentences.map((sentence) =>
      sentence.map((word) => (asked.termStarts.has(word.charAt(0)) ? stemOf(word) : '')),
    ),
    texts,
    title: termsOf(candidate.title),
    codeShapes:
      asked.codeShapes.size === 0
        ? []
        : codeShapesOf(candidate.content).filter((shape) => asked.codeShapes.has(shape)),
    words: asked.words.size === 0 ? 0 : words.size / asked.words.size,
    pairs: asked.pairs.size === 0 ? 0 : pairs.size / asked.pairs.size,
  };
}

/**
 * BM25 of one sentence over the best a sentence could score (0..1): each query term's
 * weight, saturated by its count in the sentence (the title's words count once in every
 * sentence: the heading applies to all of them), with the sentence's length (`length`,
 * its words' count unless given) against `mean`.
 */
function sentenceScore(
  sentence: readonly string[],
  title: ReadonlySet<string>,
  termWeights: ReadonlyMap<string, number>,
  mean: number,
  best: number,
  length = sentence.length,
): number {
  const counts = new Map<string, number>();
  for (const term of sentence) {
    if (termWeights.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  for (const term of title) {
    if (termWeights.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return bm25Score(counts, termWeights, length, mean, SENTENCE_BM25) / best;
}

/**
 * Re-ranks the first-stage candidates by their best sentence: the answer to a question
 * usually sits in one sentence that holds most of its distinctive words, while a passage
 * that merely mentions them all over scores as well on BM25. Each candidate's score is
 * multiplied by `1 + SENTENCE_WEIGHT × its best sentence's BM25 + EXACT_WEIGHT × the share
 * of the question's words it holds as written + PAIR_WEIGHT × the share of the question's
 * word pairs it holds side by side + SHAPE_WEIGHT × whether its best sentence holds what
 * the question asks for + ANSWER_SENTENCE_WEIGHT × the BM25 of its best sentence that
 * holds the answer in the form asked (`answerCueOf`)`, rescaled to 0..1: a factor rather than a
 * sum, so that passages the sentences do not tell apart keep the gaps of the first stage
 * (the extractive answerer reads them). The sentences' idf is the corpus's (the query
 * terms' weights from the first stage); their mean length is the candidates'.
 */
export function rerankBySentence<Candidate extends RerankCandidate>(
  candidates: readonly Candidate[],
  query: RerankQuery,
): Candidate[] {
  let best = 0;
  for (const value of query.termWeights.values()) best += value * (SENTENCE_BM25.k1 + 1);
  if (best === 0 || candidates.length === 0) return [...candidates];
  // The question's words whose stems are query terms, as written ("founded", not "found").
  const written = wordsOf(query.question);
  const pairs = pairsOf(written);
  const asked: Asked = {
    words: new Set(written.filter((word) => query.termWeights.has(stemOf(word)))),
    pairs,
    pairStarts: new Set([...pairs].map((pair) => pair.slice(0, pair.indexOf(' ')))),
    codeShapes: new Set([...query.termWeights.keys()].filter(isCodeShape)),
    termStarts: new Set([...query.termWeights.keys()].map((term) => term.charAt(0))),
  };
  const readings = candidates.map((candidate) => read(candidate, asked));
  let words = 0;
  let sentences = 0;
  for (const candidate of readings) {
    for (const sentence of candidate.sentences) words += sentence.length;
    sentences += candidate.sentences.length;
  }
  const mean = Math.max(1, words / Math.max(1, sentences));
  const shape = answerShapeOf(query.question);
  const cue = answerCueOf(query.question);
  const questionWords = new Set(written);
  return candidates
    .map((candidate, index) => {
      const reading = readings[index] as Reading;
      let sentence = 0;
      let bestSentence = '';
      let answering = 0;
      reading.sentences.forEach((words, at) => {
        const score = sentenceScore(words, reading.title, query.termWeights, mean, best);
        if (cue && score > answering && cue(reading.texts[at] ?? '')) answering = score;
        if (score <= sentence) return;
        sentence = score;
        bestSentence = reading.texts[at] ?? '';
      });
      // A question's code matches a passage's code by its construct, which no sentence
      // of words holds: the passage's code counts as one sentence of average length.
      if (reading.codeShapes.length > 0) {
        const code = sentenceScore(
          reading.codeShapes,
          reading.title,
          query.termWeights,
          mean,
          best,
          mean,
        );
        if (code > sentence) sentence = code;
      }
      const shaped = shape && holdsAnswerShape(bestSentence, shape, questionWords) ? 1 : 0;
      const factor =
        1 +
        SENTENCE_WEIGHT * sentence +
        EXACT_WEIGHT * reading.words +
        PAIR_WEIGHT * reading.pairs +
        SHAPE_WEIGHT * shaped +
        ANSWER_SENTENCE_WEIGHT * answering;
      const score =
        (candidate.score * factor) /
        (1 + SENTENCE_WEIGHT + EXACT_WEIGHT + PAIR_WEIGHT + SHAPE_WEIGHT + ANSWER_SENTENCE_WEIGHT);
      return { ...candidate, score: Math.round(score * 1e6) / 1e6 };
    })
    .sort((left, right) => right.score - left.score);
}

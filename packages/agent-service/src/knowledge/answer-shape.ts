import { writtenWordsOf } from './text-terms.js';

/**
 * What an English question's answer looks like, read from its question words: a name for
 * "who"/"where", a time for "when"/"what year", a number for "how many"/"how much". The
 * sentence that answers holds one; a sentence that only repeats the question's words
 * does not. Anything else (or another language): no shape, no effect.
 */
export type AnswerShape = 'name' | 'time' | 'number';

const SHAPES: readonly [RegExp, AnswerShape][] = [
  [/\bwho(?:m|se)?\b/, 'name'],
  [/\b(?:when|what year|which year|what date|what century|what decade)\b/, 'time'],
  [/\bhow (?:many|much)\b|\bwhat (?:percentage|percent|number|amount)\b/, 'number'],
  [/\bwhere\b/, 'name'],
];

const TIME =
  /\b(?:1\d{3}|20\d{2}|January|February|March|April|May|June|July|August|September|October|November|December|century)\b/;
const NUMBER =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand|million|billion|dozen)\b/i;

/** The shape of the answer a question asks for, if its question words say. */
export function answerShapeOf(question: string): AnswerShape | undefined {
  const lower = question.toLowerCase();
  return SHAPES.find(([pattern]) => pattern.test(lower))?.[1];
}

/**
 * Whether a sentence holds something of the given shape that the question does not
 * already say (`questionWords`: its words, lower-case): for a name, a capitalised word
 * after the sentence's first.
 */
export function holdsAnswerShape(
  sentence: string,
  shape: AnswerShape,
  questionWords: ReadonlySet<string>,
): boolean {
  if (shape === 'time') return TIME.test(sentence);
  if (shape === 'number') return NUMBER.test(sentence);
  const words = writtenWordsOf(sentence);
  return words.some(
    (word, index) => index > 0 && /^\p{Lu}/u.test(word) && !questionWords.has(word.toLowerCase()),
  );
}

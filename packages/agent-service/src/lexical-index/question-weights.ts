import { wordsOf, writtenWordsOf } from './text-terms.js';

/**
 * How much a word that only gives a question its form counts: "many" in "how many", "kind"
 * in "what kind of", "called" in "what is it called". The passage that answers rarely
 * repeats them ("How many turnovers…?" is answered by "three turnovers"). Not 0: in "how
 * long is the river" the word still says something. Tuned with `npm run eval` on both
 * halves of the SQuAD set split by article (see docs/benchmarks.md).
 */
export const FORM_WORD_WEIGHT = 0.3;
/**
 * How much a capitalised word inside a question counts: names are rarely paraphrased
 * ("Who founded Acme?" is answered by a passage that says "Acme"), while common words are.
 */
export const NAME_WEIGHT = 1.3;

/** "how ___": the word asks for a quantity, not about a topic. */
const AFTER_HOW = new Set('many much long often old far big large tall high deep wide'.split(' '));
/** "what ___" / "which ___": the word names the kind of answer. */
const AFTER_WHAT = new Set(
  'type types kind kinds sort sorts year years day month date time percentage percent number amount name'.split(
    ' ',
  ),
);
/** "is it called", "was it named", "what is the name of". */
const NAMING = new Set('called named known name'.split(' '));
const TO_BE = new Set('is was are were be been'.split(' '));

/**
 * The weight of each word of a question, by position (from 1, numbered as `lexemesOf`
 * numbers them), where it is not 1: {@link FORM_WORD_WEIGHT} for the words that give the
 * question its form, {@link NAME_WEIGHT} for capitalised words after the first (names).
 *
 * @example
 * questionWeights('How many turnovers did Cam Newton have?')
 * // Map { 2 => 0.3, 5 => 1.3, 6 => 1.3 }
 */
export function questionWeights(text: string): Map<number, number> {
  const words = wordsOf(text);
  const weights = new Map<number, number>();
  // Capitals are read from the text as written; lower-casing can split a word (Turkish
  // dotted İ), and then positions would not match: names are then left alone.
  const written = writtenWordsOf(text);
  const cased = written.length === words.length;
  words.forEach((word, index) => {
    const before = words[index - 1];
    const after = words[index + 1];
    const form =
      (before === 'how' && AFTER_HOW.has(word)) ||
      ((before === 'what' || before === 'which') && AFTER_WHAT.has(word)) ||
      (NAMING.has(word) &&
        (after === 'of' ? word === 'name' : TO_BE.has(before ?? '') || after === undefined));
    if (form) weights.set(index + 1, FORM_WORD_WEIGHT);
    else if (cased && index > 0 && /^\p{Lu}/u.test(written[index] ?? '')) {
      weights.set(index + 1, NAME_WEIGHT);
    }
  });
  return weights;
}

import { stemOf, wordsOf, writtenWordsOf } from '../lexical-index/index.js';

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

/** The months' names, as a regular expression's alternatives. */
const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December';
/** Numbers written as words, as a regular expression's alternatives. */
const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand|million|billion|dozen';

const TIME = new RegExp(`\\b(?:1\\d{3}|20\\d{2}|${MONTHS}|century)\\b`);
const NUMBER = new RegExp(`\\d|\\b(?:${NUMBER_WORDS})\\b`, 'i');

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

const YEAR = /\b(?:1\d{3}|20\d{2})s?\b/;
const MONTH = new RegExp(`\\b(?:${MONTHS})\\b`);
/** A count in figures or words, as it stands before what it counts ("three turnovers"). */
const COUNT = new RegExp(`^(?:\\d.*|${NUMBER_WORDS}|twenty|thirty|forty|fifty|several)$`);
/** Words a count may stand before what it counts by ("three of its turnovers"). */
const COUNT_REACH = 3;

/**
 * What the sentence that answers a question holds, read from the question more closely
 * than {@link answerShapeOf}, each tried in order: the pattern a sentence must match.
 */
const CUES: readonly [RegExp, RegExp][] = [
  [/\b(?:what|which) (?:year|decade)\b/, YEAR],
  [
    /\b(?:what|which) (?:day|date|month)\b/,
    new RegExp(`${MONTH.source}|\\b\\d{1,2}(?:st|nd|rd|th)?\\b`),
  ],
  [/\bwhat century\b/, /\bcentur(?:y|ies)\b|\d{1,2}(?:st|nd|rd|th)\b/i],
  [/\b(?:what|which) (?:percentage|percent)\b|\bwhat share\b/, /%|\bper ?cent\b/i],
  [
    /\bhow long\b/,
    /\b(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centuries|miles?|km|kilometres?|kilometers?|metres?|meters?|feet|foot)\b/i,
  ],
  [/\bhow much\b/, /[$€£¥]|\b(?:dollars?|pounds?|euros?|cents?|percent|million|billion)\b|\d/i],
  [/\bhow old\b/, /\bage\b|\d/],
  [/\bwhen\b/, new RegExp(`${YEAR.source}|${MONTH.source}|\\bcentury\\b`, 'i')],
];

/**
 * Whether a sentence holds the answer to a question, by its form: for "how many X", a
 * count just before X ("forced three turnovers" for "How many turnovers…?"); for "what
 * year", a year; for "when", a year, month or century; for "what percentage", a percent;
 * for "how long", a duration or a length; for "how much", an amount. `undefined` when the
 * question says nothing of its answer's form (or is not in English).
 *
 * @example
 * const holds = answerCueOf('How many turnovers did Newton have?');
 * holds?.('Denver forced three turnovers.') // true
 * holds?.('Newton had turnovers in 2015.') // false
 */
export function answerCueOf(question: string): ((sentence: string) => boolean) | undefined {
  const lower = question.toLowerCase();
  const counted = /\bhow many (\p{L}+)/u.exec(lower)?.[1];
  if (counted !== undefined) {
    const target = stemOf(counted);
    return (sentence) => {
      const words = wordsOf(sentence);
      return words.some(
        (word, index) =>
          stemOf(word) === target &&
          words.slice(Math.max(0, index - COUNT_REACH), index).some((before) => COUNT.test(before)),
      );
    };
  }
  const pattern = CUES.find(([asks]) => asks.test(lower))?.[1];
  return pattern && ((sentence) => pattern.test(sentence));
}

/** A question that asks for a calendar date: "On what date …", "Which day …", "release date". */
const ASKS_DATE = /\b(?:what|which) (?:date|day)\b|\brelease date\b/i;
const MONTH_NAMES = `${MONTHS}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec`;
/**
 * A calendar date as written: "April 5", "5th of April", "2024-04-05", "05/04/2024", a weekday,
 * a holiday. A year alone is not one: documentation is full of years that date nothing
 * ("ecmaVersion 2019").
 */
const CALENDAR_DATE = new RegExp(
  [
    `\\b(?:${MONTH_NAMES})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTH_NAMES})\\b`,
    '\\b\\d{4}-\\d{2}-\\d{2}\\b',
    '\\b\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}\\b',
    '\\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\\b',
    "\\b(?:Christmas|Easter|Thanksgiving|Halloween|New Year(?:'s)?)\\b",
  ].join('|'),
);

/** A question that asks when something is, was or will be released ("When was 2.0 released?") asks both. */
const ASKS_TIME = /\b(?:when|(?:what|which) (?:date|day|year)|release date)\b/i;
const ASKS_RELEASE = /\breleas|\b(?:come|came) out\b/i;
/** A version number as a question names one: "3.0", "2.1.4", "v11" (a bare "11" is not one). */
const VERSION = /(?<![\w.])(?:v(\d+(?:\.\d+)*)|(\d+(?:\.\d+)+))(?![\w]|\.\d)/giu;

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * How a passage names `version` ("3.0" or, from "v11", "11"): the number itself, or one of its
 * point releases ("2.0" in "2.0.1"), not a longer number ("13.0", "3.0" in "1.3.0"). A version
 * without a point ("11") only with its "v" or a point release ("v11", "11.0.0"), since a bare
 * number is everywhere ("April 11").
 */
function versionMention(version: string): RegExp {
  const point = version.includes('.');
  const body = point
    ? `v?${escaped(version)}(?:\\.\\d+)*`
    : `(?:v${version}(?:\\.\\d+)*|${version}(?:\\.\\d+)+)`;
  return new RegExp(`(?<![\\w.])${body}(?!\\d|\\.\\d)`, 'iu');
}

/**
 * The version numbers a question asks the release time of ("When will 3.0 be released?",
 * "On what date will v11 be released?"): none when it asks no date, or of no release.
 */
function versionsAskedDated(question: string): string[] {
  if (!ASKS_TIME.test(question) || !ASKS_RELEASE.test(question)) return [];
  return [...question.matchAll(VERSION)].map((match) => match[1] ?? match[2] ?? '');
}

/**
 * Whether a question asks for a date that none of `texts` (the passages found) gives: a
 * calendar date none holds ("On what date will v11 be released?" over release notes that give
 * versions but no dates), or the release time of a version that no passage giving a date or a
 * year names ("When will 3.0 be released?" over notes dating 1.0 and 2.0). Such a question
 * cannot be answered from them, however well its words match. English questions only;
 * `false` for any other question.
 */
export function missesAskedDate(question: string, texts: readonly string[]): boolean {
  if (ASKS_DATE.test(question) && !texts.some((text) => CALENDAR_DATE.test(text))) return true;
  // A year dates a release as well as a calendar date does, in a passage that names the version.
  const dated = texts.filter((text) => CALENDAR_DATE.test(text) || YEAR.test(text));
  return versionsAskedDated(question).some((version) => {
    const mention = versionMention(version);
    return !dated.some((text) => mention.test(text));
  });
}

/**
 * A question that asks what something costs: "how much does/would … cost", "how much … pay" or
 * "charge", "what does … cost", "what is the price/pricing/fee/cost of …", "how expensive".
 */
const ASKS_PRICE =
  /\bhow much\b.*\b(?:cost|costs|pay|paid|charge[sd]?)\b|\bwhat (?:does|do|did|would|will|should) .*\bcosts?\b|\bwhat(?:'s| is| are| was| were| would be| will be)? (?:the |a |an |its |their )?(?:\w+ )?(?:price|prices|pricing|fees?|cost)\b|\bhow expensive\b/i;
/**
 * Words that put a question about cost in money's sense, not a planner's or an algorithm's
 * ("How much does a sequential page read cost?" asks cost units): a closed class of general
 * English words of buying and selling, and the currencies' names. Not any site's vocabulary;
 * not "plan" (a query plan), "cheap" or "expensive" (an expensive query), "charge" alone (an
 * electric charge, being in charge), nor "cost" itself.
 */
const MONEY_CONTEXT =
  /\b(?:prices?|priced|pricing|fees?|subscriptions?|subscribe|licen[cs]es?|licensing|pay|pays|paid|paying|payments?|buy|buying|bought|purchases?|purchased|sells?|selling|sold|charging|dollars?|euros?|money|commercial)\b|\bcharge[sd]? (?:for|per)\b|[$€£¥]/i;
/** Currencies' names, as a regular expression's alternatives; plurals by `s?`. */
const CURRENCY_WORDS =
  'dollars?|euros?|pounds?(?: sterling)?|pence|cents?|yen|yuan|renminbi|rupees?|francs?|marks?|lire|liras?|pesos?|rubles?|roubles?|krona|kronor|krone|kroner|won|shillings?|guineas?|crowns?';
/** ISO codes of the currencies most prices are given in. */
const CURRENCY_CODES = 'USD|EUR|GBP|JPY|CHF|CAD|AUD|CNY|INR|SEK|NOK|DKK|BRL';
/**
 * An amount of money as written: a currency sign or code with a number ("$20", "€5", "100 USD",
 * "USD 100"), a number with a currency's name ("20 dollars", "1.2 billion pounds", "five
 * euros"), or nothing to pay ("free of charge", "at no cost", "without fee"). "Free" alone is
 * not one: documentation is full of free memory, lock-free queues and feeling free to ask.
 */
const MONEY_AMOUNT = new RegExp(
  [
    '[$€£¥]\\s?\\d',
    `\\b(?:${CURRENCY_CODES})\\s?\\d`,
    `\\d\\s?(?:${CURRENCY_CODES})\\b`,
    `(?:\\d|\\b(?:${NUMBER_WORDS}|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety))(?:\\s+(?:million|billion|thousand|hundred))?\\s+(?:${CURRENCY_WORDS})\\b`,
    '\\bfree of charge\\b',
    '\\b(?:at|for) no (?:additional |extra )?(?:cost|charge)\\b',
    '\\bwithout (?:a |any )?(?:fee|charge)\\b',
  ].join('|'),
  'i',
);

/** Whether a question asks what something costs in money (see `ASKS_PRICE`, `MONEY_CONTEXT`). */
export function asksPrice(question: string): boolean {
  return ASKS_PRICE.test(question) && MONEY_CONTEXT.test(question);
}

/** Whether a text states an amount of money (see `MONEY_AMOUNT`). */
export function statesMoney(text: string): boolean {
  return MONEY_AMOUNT.test(text);
}

/**
 * Whether a question asks what something costs in money and none of `texts` (the passages
 * found) states an amount of money: "How much does a yearly support subscription cost?" over
 * documentation that prices nothing cannot be answered from it, however well its words match.
 * Cost in a question is money's only with a word of buying and selling beside it (a price, a
 * fee, a subscription, a licence, paying, buying, selling, charging, a currency): the words any
 * English speaker uses for money, so that "How much does a sequential page read cost?" (a query
 * planner's cost units) is left alone. English questions only; `false` for any other question.
 */
export function missesAskedPrice(question: string, texts: readonly string[]): boolean {
  return asksPrice(question) && !texts.some(statesMoney);
}

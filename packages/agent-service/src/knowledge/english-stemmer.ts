/**
 * The Snowball English ("Porter2") stemmer, the one behind Postgres's `english` text
 * search configuration. Retrieval lets Postgres decide which chunks match a question;
 * the re-ranker and the extractive answerer then look for the question's words in those
 * chunks in JavaScript, and they only agree with Postgres when both reduce words to the
 * same stems ("deployments" and "deploying" to `deploy`).
 */

const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDINGS = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

const SPECIAL_WORDS = new Map<string, string>([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);

/** Words left alone after step 1a. */
const INVARIANT_AFTER_1A = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
]);

const REGION_PREFIXES = ['gener', 'commun', 'arsen'];

/** Suffix → replacement, for steps 2 and 3 (conditions handled in the steps). */
const STEP_2: ReadonlyMap<string, string> = new Map([
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['iveness', 'ive'],
  ['ization', 'ize'],
  ['ousness', 'ous'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['tional', 'tion'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ation', 'ate'],
  ['entli', 'ent'],
  ['fulli', 'ful'],
  ['iviti', 'ive'],
  ['ousli', 'ous'],
  ['abli', 'able'],
  ['alli', 'al'],
  ['anci', 'ance'],
  ['ator', 'ate'],
  ['enci', 'ence'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
]);

const STEP_3: ReadonlyMap<string, string> = new Map([
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
]);

const STEP_4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
];

function isVowel(character: string | undefined): boolean {
  return character !== undefined && 'aeiouy'.includes(character);
}

/** Index just after the first non-vowel that follows a vowel, searching from `from`. */
function regionAfter(word: string, from: number): number {
  for (let index = from + 1; index < word.length; index += 1) {
    if (!isVowel(word[index]) && isVowel(word[index - 1])) return index + 1;
  }
  return word.length;
}

/** Whether `word.slice(0, end)` ends in a short syllable. */
function endsInShortSyllable(word: string, end: number): boolean {
  const last = word[end - 1];
  const middle = word[end - 2];
  if (end === 2) return isVowel(middle) && !isVowel(last);
  return (
    end >= 3 &&
    !isVowel(word[end - 3]) &&
    isVowel(middle) &&
    !isVowel(last) &&
    last !== 'w' &&
    last !== 'x' &&
    last !== 'Y'
  );
}

function longestSuffix(word: string, suffixes: Iterable<string>): string | undefined {
  let found: string | undefined;
  for (const suffix of suffixes) {
    if (word.endsWith(suffix) && (found === undefined || suffix.length > found.length)) {
      found = suffix;
    }
  }
  return found;
}

/**
 * Stems one lower-case English word as Postgres's `english_stem` dictionary does
 * (Snowball's English stemmer, in the version PGlite's Postgres 18 bundles; older
 * PostgreSQL servers differ on a handful of rare words): `deployments` → `deploy`,
 * `configuration` → `configur`.
 *
 * @example
 * stemEnglish('embedding'); // 'embed'
 */
export function stemEnglish(input: string): string {
  const special = SPECIAL_WORDS.get(input);
  if (special !== undefined) return special;
  if (input.length < 3) return input;

  let word = input.startsWith("'") ? input.slice(1) : input;
  if (word.startsWith('y')) word = `Y${word.slice(1)}`;
  for (let index = 1; index < word.length; index += 1) {
    if (word[index] === 'y' && isVowel(word[index - 1])) {
      word = `${word.slice(0, index)}Y${word.slice(index + 1)}`;
    }
  }
  const prefix = REGION_PREFIXES.find((candidate) => word.startsWith(candidate));
  const r1 = prefix === undefined ? regionAfter(word, 0) : prefix.length;
  const r2 = regionAfter(word, r1);
  const inR1 = (suffix: string) => word.length - suffix.length >= r1;
  const inR2 = (suffix: string) => word.length - suffix.length >= r2;
  const replace = (suffix: string, replacement: string) => {
    word = word.slice(0, word.length - suffix.length) + replacement;
  };

  // Step 0: possessives.
  const possessive = longestSuffix(word, ["'s'", "'s", "'"]);
  if (possessive !== undefined) replace(possessive, '');

  // Step 1a: plurals.
  if (word.endsWith('sses')) replace('sses', 'ss');
  else if (word.endsWith('ied') || word.endsWith('ies')) {
    replace(word.slice(-3), word.length > 4 ? 'i' : 'ie');
  } else if (word.endsWith('us') || word.endsWith('ss')) {
    // Kept: "campus", "class".
  } else if (word.endsWith('s') && /[aeiouy]/.test(word.slice(0, -2))) replace('s', '');

  if (!INVARIANT_AFTER_1A.has(word)) {
    // Step 1b: -eed, -ed, -ing.
    const step1b = longestSuffix(word, ['eedly', 'ingly', 'edly', 'eed', 'ing', 'ed']);
    if (step1b === 'eed' || step1b === 'eedly') {
      if (inR1(step1b)) replace(step1b, 'ee');
    } else if (step1b !== undefined) {
      const rest = word.slice(0, word.length - step1b.length);
      if (/[aeiouy]/.test(rest)) {
        word = rest;
        if (word.endsWith('at') || word.endsWith('bl') || word.endsWith('iz')) word += 'e';
        else if (DOUBLES.has(word.slice(-2))) {
          // "added" → "add", not "ad": a vowel and a double make a whole word.
          if (!(word.length === 3 && 'aeo'.includes(word[0] as string))) word = word.slice(0, -1);
        } else if (r1 === word.length && endsInShortSyllable(word, word.length)) word += 'e';
      }
    }

    // Step 1c: a final y after a consonant (not the first letter) becomes i.
    if (/[yY]$/.test(word) && word.length > 2 && !isVowel(word[word.length - 2])) {
      replace(word.slice(-1), 'i');
    }

    // Step 2.
    const step2 = longestSuffix(word, STEP_2.keys());
    if (step2 !== undefined && inR1(step2)) {
      const before = word[word.length - step2.length - 1] ?? '';
      if (step2 === 'ogi') {
        if (before === 'l') replace(step2, 'og');
      } else if (step2 === 'li') {
        if (LI_ENDINGS.has(before)) replace(step2, '');
      } else replace(step2, STEP_2.get(step2) as string);
    }

    // Step 3.
    const step3 = longestSuffix(word, STEP_3.keys());
    if (step3 !== undefined && inR1(step3) && (step3 !== 'ative' || inR2(step3))) {
      replace(step3, STEP_3.get(step3) as string);
    }

    // Step 4.
    const step4 = longestSuffix(word, STEP_4);
    if (step4 !== undefined && inR2(step4)) {
      if (step4 !== 'ion' || /[st]ion$/.test(word)) replace(step4, '');
    }

    // Step 5: a final e or l.
    if (word.endsWith('e')) {
      if (inR2('e') || (inR1('e') && !endsInShortSyllable(word, word.length - 1))) {
        replace('e', '');
      }
    } else if (word.endsWith('ll') && inR2('l')) replace('l', '');
  }
  return word.replace(/Y/g, 'y');
}

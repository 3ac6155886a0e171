import dictionary from 'dictionary-en';

/**
 * English words as a spelling checker knows them: the `dictionary-en` package's Hunspell
 * dictionary (SCOWL's en_US, the one LibreOffice and Firefox check with; 49,000 stems and
 * the affix rules that inflect them). Read as Hunspell reads it, without expanding it: a word
 * is English when the dictionary lists it, or when removing a prefix or suffix the affix file
 * defines gives a listed word that takes that affix ("wiped" is `wipe` with `D`). Compounds
 * and suggestions are not read. Parsed once, on the first lookup (~550 kB: 30–70 ms).
 */

/** One prefix or suffix rule of a Hunspell affix file: `SFX D y ied [^aeiou]y`. */
interface AffixRule {
  /** The flag a dictionary word carries to take the affix. */
  flag: string;
  /** Letters the affix removes from the word (at its end for a suffix, its start for a prefix). */
  strip: string;
  /** Letters the affix adds. */
  add: string;
  /** What the word must look like where the affix goes. */
  condition: RegExp;
  /** Whether it combines with an affix of the other kind that allows it too. */
  crossProduct: boolean;
}

interface HunspellDictionary {
  /** Each listed word, lower-cased, and its flags (of every casing listed). */
  words: Map<string, string>;
  prefixes: AffixRule[];
  suffixes: AffixRule[];
}

function parseAffixes(aff: string): Pick<HunspellDictionary, 'prefixes' | 'suffixes'> {
  const prefixes: AffixRule[] = [];
  const suffixes: AffixRule[] = [];
  const crossProducts = new Map<string, boolean>();
  for (const line of aff.split('\n')) {
    const fields = line.trim().split(/\s+/);
    const [kind, flag, third, fourth, fifth] = fields;
    if ((kind !== 'PFX' && kind !== 'SFX') || flag === undefined || third === undefined) continue;
    const key = `${kind}${flag}`;
    // The header: `SFX D Y 4` (cross product, rule count); a rule has five fields.
    if (!crossProducts.has(key)) {
      crossProducts.set(key, third === 'Y');
      continue;
    }
    if (fourth === undefined) continue;
    const strip = third === '0' ? '' : third;
    const add = fourth === '0' ? '' : (fourth.split('/')[0] ?? '');
    const pattern = fifth === undefined || fifth === '.' ? '' : fifth;
    const rule = {
      flag,
      strip,
      add,
      condition: new RegExp(kind === 'PFX' ? `^${pattern}` : `${pattern}$`, 'u'),
      crossProduct: crossProducts.get(key) ?? false,
    };
    (kind === 'PFX' ? prefixes : suffixes).push(rule);
  }
  return { prefixes, suffixes };
}

function parseDictionary(aff: string, dic: string): HunspellDictionary {
  const words = new Map<string, string>();
  // The first line is the entry count; each entry is `word/FLAGS` or `word`, one a line.
  // Read by offsets rather than split into lines: twice as fast, and a first question waits on it.
  let start = dic.indexOf('\n') + 1;
  while (start > 0 && start < dic.length) {
    const newline = dic.indexOf('\n', start);
    const end = newline === -1 ? dic.length : newline;
    const slash = dic.indexOf('/', start);
    const wordEnd = slash !== -1 && slash < end ? slash : end;
    const word = dic.slice(start, wordEnd).toLowerCase();
    const flags = wordEnd === end ? '' : dic.slice(wordEnd + 1, end);
    const known = words.get(word);
    if (word !== '') words.set(word, known === undefined ? flags : known + flags);
    start = end + 1;
  }
  return { words, ...parseAffixes(aff) };
}

let parsed: HunspellDictionary | undefined;

/**
 * The dictionary, parsed on the first call: only a question with a word no chunk
 * holds asks, so a process that never meets one (a CLI command, most test workers) never pays.
 */
function englishDictionary(): HunspellDictionary {
  parsed ??= parseDictionary(
    new TextDecoder().decode(dictionary.aff),
    new TextDecoder().decode(dictionary.dic),
  );
  return parsed;
}

/** The word `suffix` was added to, if `word` ends with it and the rule's condition holds. */
function withoutSuffix(word: string, suffix: AffixRule): string | undefined {
  if (word.length <= suffix.add.length || !word.endsWith(suffix.add)) return undefined;
  const base = word.slice(0, word.length - suffix.add.length) + suffix.strip;
  return suffix.condition.test(base) ? base : undefined;
}

function withoutPrefix(word: string, prefix: AffixRule): string | undefined {
  if (word.length <= prefix.add.length || !word.startsWith(prefix.add)) return undefined;
  const base = prefix.strip + word.slice(prefix.add.length);
  return prefix.condition.test(base) ? base : undefined;
}

function listedWith(word: string, ...flags: string[]): boolean {
  const listed = englishDictionary().words.get(word);
  return listed !== undefined && flags.every((flag) => listed.includes(flag));
}

/** Whether `word` is `stem` with one of the dictionary's suffixes that `stem` takes (and `flags`). */
function suffixed(word: string, ...flags: string[]): boolean {
  return englishDictionary().suffixes.some((suffix) => {
    if (flags.length > 0 && !suffix.crossProduct) return false;
    const base = withoutSuffix(word, suffix);
    return base !== undefined && listedWith(base, suffix.flag, ...flags);
  });
}

/**
 * Whether `word` (any case) is a correctly spelled English word: listed in the dictionary,
 * or a listed word with an affix it takes ("wiped", "unwiped", "painfully"). Names count when
 * the dictionary lists them ("Newton"); codes, made-up identifiers and typing slips do not
 * ("intercpetions", "systemd").
 *
 * @example
 * isEnglishWord('wipe') // true
 * isEnglishWord('newest') // true: `new` takes `T` (-est)
 * isEnglishWord('intercpetions') // false
 */
export function isEnglishWord(word: string): boolean {
  const lower = word.toLowerCase();
  const { words, prefixes } = englishDictionary();
  if (words.has(lower) || suffixed(lower)) return true;
  return prefixes.some((prefix) => {
    const base = withoutPrefix(lower, prefix);
    if (base === undefined) return false;
    return listedWith(base, prefix.flag) || (prefix.crossProduct && suffixed(base, prefix.flag));
  });
}

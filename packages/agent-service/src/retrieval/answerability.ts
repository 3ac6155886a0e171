import { lexemesOf, stemOf, tsqueryLiteral, wordsOf } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';

/**
 * Why a question is judged outside what the documents cover (see {@link judgeAnswerability}):
 * - `unknown-name`: it names something (a capitalised word inside a sentence, an acronym,
 *   a camelCase identifier) that no chunk mentions: "HTTP/3 (QUIC)", "Python", "Slack";
 * - `unknown-phrase`: it names something in three or more capitalised words that each occur,
 *   but never together: "Google App Engine" in docs that mention Google and engines;
 * - `foreign-words`: several of its words, a good share of them, occur nowhere in the
 *   documents ("sell", "paid", "contracts" in a framework's docs).
 */
export type OutOfScopeReason = 'unknown-name' | 'unknown-phrase' | 'foreign-words';

/**
 * `foreign-words` needs at least this many content words no chunk holds, making up more
 * than {@link FOREIGN_SHARE} of the question's content words. Measured on the two
 * development sites (docs/benchmarks.md): answerable questions rarely use three words
 * the documents never do, questions about something else often do. Exactly a quarter is
 * not enough: two answerable questions (one per site tried) had 3 of 12 words unknown,
 * the out-of-scope ones 27 % and more.
 */
const FOREIGN_WORDS = 3;
const FOREIGN_SHARE = 0.25;
/** Capitalised words in a row that make a name looked for as a phrase. */
const MIN_PHRASE_WORDS = 3;
/** Names shorter than this are too often units or abbreviations ("MB", "UI", "v2"). */
const MIN_NAME_LENGTH = 3;

/** A run of words a question writes as a name (see {@link namesIn}). */
interface NameGroup {
  words: string[];
  /** Whether its sentence asks (ends with "?"), or the question asks in no sentence. */
  asked: boolean;
}

/**
 * The runs of words a question writes as names: capitalised inside a sentence ("Python"), all
 * capitals ("QUIC"), or camelCase ("propTypes"). Inline code is left out: there a person
 * quotes their own code (`publicUser`), not the documents' vocabulary.
 */
function namesIn(question: string): NameGroup[] {
  const groups: NameGroup[] = [];
  const prose = question.replace(/`[^`]*`/g, ' , ');
  const sentences = prose.split(/(?<=[.?!:;])\s+/);
  const asks = sentences.some((sentence) => sentence.trimEnd().endsWith('?'));
  for (const sentence of sentences) {
    const asked = !asks || sentence.trimEnd().endsWith('?');
    for (const part of sentence.split(/[,()"“”]/)) {
      const words = part.match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];
      let group: string[] = [];
      const close = () => {
        if (group.length > 0) groups.push({ words: group, asked });
        group = [];
      };
      words.forEach((word, index) => {
        const camel = /\p{Ll}\p{Lu}/u.test(word);
        const acronym = isAcronym(word);
        const capitalised = index > 0 && /^\p{Lu}\p{Ll}/u.test(word) && word !== 'I';
        if (camel || acronym || capitalised) group.push(word);
        else close();
      });
      close();
    }
  }
  return groups;
}

const isAcronym = (word: string) => /^\p{Lu}{2,}s?$/u.test(word);

/** What {@link judgeAnswerability} reads. */
export interface AnswerabilityInput {
  question: string;
  /** The question's lexemes that no chunk of the searched datastores holds. */
  unknownTerms: readonly string[];
  /** Whether some chunk of the searched datastores holds these lexemes side by side. */
  holdsPhrase: (lexemes: readonly string[]) => Promise<boolean>;
  /**
   * Whether a search by meaning (embeddings) found passages: words the documents never
   * use then say nothing of the topic, and `foreign-words` does not apply.
   */
  paraphrasesFound?: boolean;
}

/**
 * The relevance floor: whether the documents can answer a question at all, judged from
 * what the question names and the words it uses against the index's vocabulary, before
 * any passage is quoted. Returns the reason it is out of scope, or `undefined` when it
 * may be answered. Deliberately cautious: one rule per kind of evidence, each measured on
 * real documentation sites and SQuAD, so that an answerable question is rarely refused.
 */
export async function judgeAnswerability(
  input: AnswerabilityInput,
): Promise<OutOfScopeReason | undefined> {
  const groups = namesIn(input.question);
  // An acronym that only sets the scene ("Our DBA insists …", "joining on SKU.") before the
  // sentence that asks is the asker's own jargon, not what they ask about: when the
  // documents lack it, it is neither a name they lack nor a foreign word. Not when it is
  // part of a longer name ("We run on AWS Lambda."): that names a product.
  const stemsOf = (words: readonly string[]) => words.flatMap((word) => wordsOf(word).map(stemOf));
  const asked = new Set(stemsOf(groups.filter((group) => group.asked).flatMap((g) => g.words)));
  const jargon = new Set(
    stemsOf(
      groups.flatMap((group) => (group.asked || !group.words.every(isAcronym) ? [] : group.words)),
    ),
  );
  for (const stem of asked) jargon.delete(stem);
  const unknown = new Set(input.unknownTerms);
  for (const stem of jargon) if (!unknown.delete(stem)) jargon.delete(stem);
  const isUnknown = (word: string) => {
    const stems = stemsOf([word]);
    return stems.length > 0 && stems.every((stem) => unknown.has(stem));
  };
  for (const group of groups) {
    // "Yarn Berry" in docs that mention Yarn is still partly known: only a name none of
    // whose words the documents use counts.
    const words = group.words.filter((word) => word.length >= MIN_NAME_LENGTH);
    if (words.length > 0 && words.every(isUnknown)) return 'unknown-name';
  }
  for (const { words: group } of groups) {
    // Two capitalised words side by side are often just title case ("Pages Functions");
    // three make a name ("Google App Engine"). Capitals only are code, not a name ("GRANT
    // SELECT ON ALL TABLES IN SCHEMA": SQL keywords, stop words dropped between them).
    if (group.length < MIN_PHRASE_WORDS || group.every(isAcronym)) continue;
    const lexemes = lexemesOf(group.join(' ')).map((item) => item.lexeme);
    if (lexemes.length < 2 || lexemes.some((lexeme) => unknown.has(lexeme))) continue;
    if (!(await input.holdsPhrase(lexemes))) return 'unknown-phrase';
  }
  const content = new Set(
    lexemesOf(input.question)
      .map((item) => item.lexeme)
      .filter((lexeme) => !jargon.has(lexeme)),
  );
  if (
    !input.paraphrasesFound &&
    unknown.size >= FOREIGN_WORDS &&
    unknown.size > content.size * FOREIGN_SHARE
  ) {
    return 'foreign-words';
  }
  return undefined;
}

/** {@link AnswerabilityInput.holdsPhrase} over the chunks of the given datastores. */
export function phraseChecker(database: Queryable, datastoreIds: readonly string[]) {
  return async (lexemes: readonly string[]): Promise<boolean> => {
    const rows = await database.query<{ found: number }>(
      `SELECT 1 AS found FROM chunks c
       WHERE c.tsv @@ $1::tsquery AND (c.datastore_id || '') = ANY($2::text[]) LIMIT 1`,
      [lexemes.map(tsqueryLiteral).join(' <-> '), [...datastoreIds]],
    );
    return rows.length > 0;
  };
}

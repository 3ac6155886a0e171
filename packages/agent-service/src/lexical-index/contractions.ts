/**
 * Negative contractions read as the words they contract: "isn't" → "is not". Postgres's
 * parser (which the index mirrors) splits "isn't" into `isn` and `t`; `t` is a stop word,
 * `isn` (`doesn`, `aren`, `haven`, …) is not, and documentation seldom contracts, so it
 * was the rarest — heaviest — term of many a question, though it only says that something
 * does not happen. Expanded, both words are stop words. Only written contractions are
 * read so: "New Haven" keeps its word.
 */

/** A word ending in n't (straight or typographic apostrophe). */
const NEGATIVE_CONTRACTION = /\b(\p{L}+)n['’]t\b/gu;
/** The contractions whose first part is not the verb as written. */
const IRREGULAR: Readonly<Record<string, string>> = {
  wo: 'will',
  ca: 'can',
  sha: 'shall',
  ai: 'am',
};

/**
 * The text with each negative contraction written out ("doesn't" → "does not", "won't" →
 * "will not"), as many words as before, so positions and neighbours stay as they were.
 *
 * @example
 * expandNegativeContractions("Why isn't it shared?") // 'Why is not it shared?'
 */
export function expandNegativeContractions(text: string): string {
  if (!text.includes("'") && !text.includes('’')) return text;
  return text.replace(NEGATIVE_CONTRACTION, (_, verb: string) => {
    return `${IRREGULAR[verb.toLowerCase()] ?? verb} not`;
  });
}

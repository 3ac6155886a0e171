/**
 * Sentences that state a default and nothing else ("Defaults to 30.", "The default is
 * `None`.", "Default: `false`."): reference pages put them after an option's description,
 * as a sentence or a paragraph of its own, without naming the option again. Read alone they
 * answer nothing and match every question about any default; read with the description
 * before them they are its last sentence. So an answer reads them so: attached to the
 * sentence, or the block, before them.
 */

// "Defaults to 30.", "Default is none.", "Default: `false`.", "Default value: 5.", "The
// default is `None`.", "Its default value was 10." — perhaps in emphasis or parentheses.
// Not "By default, the client retries": that names its subject.
const DEFAULT_STATEMENT =
  /^[\s*_(]*(?:defaults?\s+(?:to|is|are)\b|default(?:\s+value)?\s*[:=]|(?:the|its)\s+default(?:\s+value)?\s+(?:is|was)\b)/i;

/** Whether a sentence or a paragraph opens with a default stated without its subject. */
export const isDefaultStatement = (text: string): boolean => DEFAULT_STATEMENT.test(text);

/** Longest paragraph of a default statement attached to the block before it, in characters. */
const MAX_ATTACHED_CHARS = 200;

/**
 * `sentences` with each default statement joined to the sentence before it (they join
 * back to the same text). The first sentence stays itself.
 */
export function withDefaultsAttached(sentences: readonly string[]): string[] {
  const units: string[] = [];
  for (const sentence of sentences) {
    if (units.length > 0 && isDefaultStatement(sentence)) units[units.length - 1] += sentence;
    else units.push(sentence);
  }
  return units;
}

/**
 * `blocks` with each short paragraph that states a default (`isDefaultStatement`, at most
 * 200 characters) joined by a space to the prose or list block before it: the description
 * it completes, as a list item's second paragraph ("- **timeout** – Seconds an attempt may
 * take." then "Defaults to 30.") completes its item. Not after a heading, a code block or
 * a table.
 */
export function blocksWithDefaultsAttached(
  blocks: readonly string[],
  isProse: (block: string) => boolean,
): string[] {
  const joined: string[] = [];
  for (const block of blocks) {
    const previous = joined.at(-1);
    if (
      previous !== undefined &&
      isProse(previous) &&
      isProse(block) &&
      block.length <= MAX_ATTACHED_CHARS &&
      isDefaultStatement(block)
    ) {
      joined[joined.length - 1] = `${previous.trimEnd()} ${block.trim()}`;
    } else joined.push(block);
  }
  return joined;
}

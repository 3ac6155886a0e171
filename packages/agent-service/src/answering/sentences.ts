/**
 * Words after which a full stop does not end a sentence ("e.g. the CLI", "vs. a server").
 * Lower-case, without the final dot.
 */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'approx',
  'incl',
  'mr',
  'mrs',
  'dr',
  'no',
]);

/** What may open a sentence: a capital, a digit, a quote, inline code, emphasis or a link. */
const SENTENCE_START = /[\p{Lu}\p{N}"'“‘`*_[(]/u;

/**
 * Splits a Markdown paragraph into its sentences, each with the whitespace after it, so
 * that they join back to the text. A sentence ends at `.`, `!` or `?` followed by
 * whitespace and something that can open a sentence; never inside inline code
 * (`` `robots.txt` ``), a link's text or URL (`[the guide](./guide.md)`), or a word with
 * dots in it (`Node.js`, `app.fetch`), and not after an abbreviation (`e.g.`). Line breaks
 * inside the paragraph are kept inside the sentence.
 *
 * @example
 * sentencesOf('Use `Bun.serve`. It is fast.'); // ['Use `Bun.serve`. ', 'It is fast.']
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  let index = 0;
  let codeTicks = 0;
  let linkDepth = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (character === '`') {
      let run = 1;
      while (text[index + run] === '`') run += 1;
      if (codeTicks === 0) codeTicks = run;
      else if (codeTicks === run) codeTicks = 0;
      index += run;
      continue;
    }
    if (codeTicks > 0) {
      index += 1;
      continue;
    }
    if (character === '[' || (character === '(' && text[index - 1] === ']')) linkDepth += 1;
    else if ((character === ']' || character === ')') && linkDepth > 0) linkDepth -= 1;
    if (linkDepth === 0 && (character === '.' || character === '!' || character === '?')) {
      let end = index + 1;
      while (end < text.length && /[.!?]/.test(text[end] as string)) end += 1;
      // Closing quotes, brackets and emphasis stay with the sentence they close.
      while (end < text.length && /["'”’)\]*_]/.test(text[end] as string)) end += 1;
      let next = end;
      while (next < text.length && /\s/.test(text[next] as string)) next += 1;
      const atEnd = next >= text.length;
      const breaks =
        next > end &&
        (atEnd || SENTENCE_START.test(text[next] as string)) &&
        !abbreviated(text, index);
      if (breaks) {
        sentences.push(text.slice(start, next));
        start = next;
        index = next;
        continue;
      }
    }
    index += 1;
  }
  if (start < text.length) sentences.push(text.slice(start));
  return sentences;
}

/** Whether the full stop at `dot` ends an abbreviation such as `e.g.`. */
function abbreviated(text: string, dot: number): boolean {
  if (text[dot] !== '.') return false;
  const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, dot - 8), dot));
  return before !== null && ABBREVIATIONS.has((before[1] as string).toLowerCase());
}

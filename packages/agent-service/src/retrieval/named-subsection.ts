import { TITLE_SEPARATOR, termsOf, wordsOf } from '../lexical-index/index.js';
import { type Bm25Parameters, bm25Score } from './bm25-score.js';

/** A subsection's heading of fewer letters than this ("id", "on") names nothing reliably. */
const MIN_HEADING_CHARS = 3;

/**
 * The words a section is named by: those of its own heading, the last part of its title
 * (`Page › Options › allowAfterThis` → `allowafterthis`). `undefined` for a page's intro
 * (no heading of its own) or a heading too short to name anything reliably.
 */
export function headingNameOf(title: string): string[] | undefined {
  const separator = title.lastIndexOf(TITLE_SEPARATOR);
  if (separator < 0) return undefined;
  const words = wordsOf(title.slice(separator + TITLE_SEPARATOR.length));
  return words.join('').length >= MIN_HEADING_CHARS ? words : undefined;
}

/** A chunk as {@link namedSubsection} reads it. */
export interface SectionChunk {
  title: string;
  content: string;
}

/** Lines of a text: an options list has one option per line (its sentences go together). */
function linesOf(text: string): string[] {
  return text.split('\n');
}

/**
 * BM25 over a section's lines (each term counted once, as a line names it), b lower than a
 * sentence's: an option's line that holds the question's words outranks a long paragraph
 * that holds as many among others, without short lines winning on one word.
 */
const LINE_BM25: Bm25Parameters = { k1: 1.2, b: 0.5 };

/** Whether `words` holds `phrase` as consecutive words. */
function holdsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let start = 0; start + phrase.length <= words.length; start += 1) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

/**
 * The subsection of `section` that its sentence answering the question names: a section
 * that lists a page's options or variants in one line each ("`allowAfterThis`: allows …")
 * and gives each its own subsection (`### allowAfterThis`) matches the question by the
 * list's line, while the subsection, examples only, shares none of its words. The line
 * that scores best in the question's terms (`termWeights`, stem → weight; BM25 over the
 * section's lines, so a long paragraph does not win by length alone) must name
 * exactly one subsection, by its whole heading, and that subsection must share a question
 * term (in its title or text); `subsections` are chunks of the same page whose title
 * extends `section`'s. `undefined` when no line or more than one subsection qualifies.
 */
export function namedSubsection<Chunk extends SectionChunk>(
  section: SectionChunk,
  subsections: readonly Chunk[],
  termWeights: ReadonlyMap<string, number>,
): Chunk | undefined {
  const prefix = `${section.title}${TITLE_SEPARATOR}`;
  const headings = subsections.flatMap((chunk) => {
    const words = chunk.title.startsWith(prefix) ? headingNameOf(chunk.title) : undefined;
    return words ? [{ chunk, words }] : [];
  });
  if (headings.length === 0) return undefined;
  let best = 0;
  let bestLines: string[][] = [];
  const lines = linesOf(section.content)
    .filter((line) => line.trim() !== '')
    .map((line) => ({ line, words: wordsOf(line) }));
  const mean = lines.reduce((sum, { words }) => sum + words.length, 0) / (lines.length || 1);
  for (const { line, words } of lines) {
    const counts = Array.from(termsOf(line), (term) => [term, 1] as const);
    const score = bm25Score(counts, termWeights, words.length, mean || 1, LINE_BM25);
    if (score > best) {
      best = score;
      bestLines = [words];
    } else if (score === best && score > 0) bestLines.push(words);
  }
  const named = new Set<Chunk>();
  for (const words of bestLines) {
    for (const heading of headings) {
      if (holdsPhrase(words, heading.words)) named.add(heading.chunk);
    }
  }
  // Several chunks of one subsection (a long one is split) share its title: the first.
  const titles = new Set([...named].map((chunk) => chunk.title));
  const found = titles.size === 1 ? [...named][0] : undefined;
  // The answer quotes what shares the question's words: a subsection sharing none (its
  // page's name included) could not be quoted, and names another page's option.
  if (!found) return undefined;
  for (const term of termsOf(`${found.title} ${found.content}`)) {
    if (termWeights.has(term)) return found;
  }
  return undefined;
}

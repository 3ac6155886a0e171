import { termsOf } from '../lexical-index/index.js';
import { isTableDelimiter } from '../markdown/index.js';
import { continuesPrevious } from './continuations.js';
import { isDefaultStatement, withDefaultsAttached } from './default-statements.js';
import { sentencesOf } from './sentences.js';

/** Whether a block is a fenced code block. */
export const isCodeBlock = (block: string) => /^\s*(```|~~~)/.test(block);

/** Whether a block is a table: a row, then the delimiter row (as `markdownBlocks` reads it). */
export function isTableBlock(block: string): boolean {
  const [header, delimiter] = block.split('\n', 2);
  return header?.includes('|') === true && isTableDelimiter(delimiter ?? '');
}

/** A table's header and delimiter rows, and its body rows. */
export function tableRows(table: string): { head: string; rows: string[] } {
  const [header = '', delimiter = '', ...rows] = table.split('\n');
  return { head: `${header}\n${delimiter}`, rows };
}

const listItemPattern = /^\s*([-*+]|\d+[.)])\s+/;

/** Whether a block is a list (its first line is a list item). */
export const isListBlock = (block: string) => listItemPattern.test(block);

/** How many of the question's terms a text holds. */
function hits(text: string, terms: ReadonlySet<string>): number {
  let count = 0;
  for (const term of termsOf(text)) if (terms.has(term)) count += 1;
  return count;
}

/** How a sentence stating a default that holds no question word ranks: below any that does. */
const DEFAULT_HITS = 0.5;

/** Whether a sentence (with those attached to it) states a default (`isDefaultStatement`). */
const statesDefault = (text: string) => sentencesOf(text).some(isDefaultStatement);

/**
 * Cuts prose to at most `maxChars`, at a sentence end where one fits, else at a word
 * boundary; never inside inline code or a link (an unclosed one is left out whole).
 */
function shorten(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let kept = '';
  for (const sentence of sentencesOf(text)) {
    if (kept.length + sentence.length > maxChars) break;
    kept += sentence;
  }
  if (kept.trim()) return `${kept.trimEnd()} …`;
  let cut = text.slice(0, maxChars).replace(/\s+\S*$/, '');
  const ticks = cut.match(/`+/g)?.length ?? 0;
  if (ticks % 2 === 1) cut = cut.slice(0, cut.lastIndexOf('`')).trimEnd();
  const open = cut.lastIndexOf('[');
  if (open > cut.lastIndexOf(')')) cut = cut.slice(0, open).trimEnd();
  return `${cut}…`;
}

/**
 * Of a long table, its header with the rows that answer, in table order and never cut: the
 * rows holding the most question terms (an option's row among a reference table's dozens),
 * unless the table sits under a heading that matches the question and no row matches more
 * than one term — then the table's first rows, as far as they fit. The first row kept is
 * kept even when it alone is longer than `maxChars`: a row cut in half may pair one option
 * with another's description.
 */
function bestRows(table: string, terms: ReadonlySet<string>, maxChars: number, titleHits: number) {
  const { head, rows } = tableRows(table);
  const counted = rows.map((row, index) => ({ row, index, hits: hits(row, terms) }));
  const best = Math.max(0, ...counted.map((entry) => entry.hits));
  const answering =
    best >= 2 || (best > 0 && titleHits === 0)
      ? counted.filter((entry) => entry.hits >= best)
      : counted;
  const kept: typeof counted = [];
  let length = head.length;
  for (const entry of answering) {
    if (kept.length > 0 && length + entry.row.length + 1 > maxChars) break;
    kept.push(entry);
    length += entry.row.length + 1;
  }
  return [head, ...kept.map((entry) => entry.row)].join('\n');
}

/**
 * Trims a block to what answers: of a long table, its header and the rows that answer
 * (`bestRows`); of a long list, the items matching the most question
 * terms (plus the line introducing the list); of long prose, the sentences that mention
 * a term, back in document order, and the first one too when the block opens a section
 * whose own heading matches the question (`opensMatchingSection`); a sentence that
 * continues a kept one (`continuesPrevious`) ranks with it, and a default stated in words
 * of its own comes after them while it fits. A code block is kept whole.
 */
export function bestPart(
  block: string,
  terms: ReadonlySet<string>,
  maxChars: number,
  match: { titleHits: number; opensMatchingSection?: boolean },
) {
  const { titleHits } = match;
  if (isCodeBlock(block) || block.length <= maxChars) return block;
  if (isTableBlock(block)) return bestRows(block, terms, maxChars, titleHits);
  const lines = block.split('\n');
  const items = lines.filter((line) => listItemPattern.test(line));
  if (items.length >= 2) {
    const best = Math.max(...items.map((line) => hits(line, terms)));
    // Under a heading that already matches the question the whole list is the answer,
    // unless one item matches more specifically.
    if (best >= 2 || (best > 0 && titleHits === 0)) {
      const kept = lines.filter((line, index) =>
        listItemPattern.test(line) ? hits(line, terms) >= best : index === 0,
      );
      const text = kept.join('\n');
      return text.length <= maxChars ? text : shorten(text, maxChars);
    }
    const kept: string[] = [];
    let length = 0;
    for (const line of lines) {
      if (kept.length > 0 && length + line.length > maxChars) {
        kept.push('…');
        break;
      }
      kept.push(line);
      length += line.length + 1;
    }
    return kept.join('\n');
  }
  // A default stated on its own ("Defaults to 30.") is read with the sentence it completes.
  const sentences = withDefaultsAttached(sentencesOf(block));
  const own = sentences.map((sentence, index) =>
    // Opening a section whose heading matches the question ("Cause" for "what causes …"),
    // the first sentence states its answer, in words the question need not use. A
    // setting's default, stated in words of its own, comes after the sentences that match,
    // while room is left: a description without its default misses the fact most asked of
    // a setting.
    index === 0 && match.opensMatchingSection
      ? Number.POSITIVE_INFINITY
      : hits(sentence, terms) || (statesDefault(sentence) ? DEFAULT_HITS : 0),
  );
  // A sentence that refers back ("In contrast, …", "To prevent this, …") and the one it
  // continues rank as the better of the two: either may hold the answer in words of its
  // own. The one holding more of the question's words goes first.
  const rank = [...own];
  const continues = sentences.map((sentence, index) => index > 0 && continuesPrevious(sentence));
  for (let index = 1; index < rank.length; index += 1) {
    if (continues[index]) rank[index] = Math.max(rank[index] ?? 0, rank[index - 1] ?? 0);
  }
  for (let index = rank.length - 1; index > 0; index -= 1) {
    if (continues[index]) rank[index - 1] = Math.max(rank[index - 1] ?? 0, rank[index] ?? 0);
  }
  const ranked = sentences
    .map((sentence, index) => ({
      sentence,
      index,
      hits: rank[index] ?? 0,
      own: own[index] ?? 0,
    }))
    .filter((entry) => entry.hits > 0)
    .sort(
      (left, right) => right.hits - left.hits || right.own - left.own || left.index - right.index,
    );
  const kept: typeof ranked = [];
  let length = 0;
  for (const entry of ranked) {
    if (kept.length > 0 && length + entry.sentence.length > maxChars) continue;
    kept.push(entry);
    length += entry.sentence.length;
  }
  if (kept.length === 0) return shorten(block, maxChars);
  kept.sort((left, right) => left.index - right.index);
  return shorten(
    kept
      .map((entry) => entry.sentence)
      .join('')
      .trim(),
    maxChars,
  );
}

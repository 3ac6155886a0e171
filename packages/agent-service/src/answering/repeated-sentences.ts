import { isCodeBlock, isTableBlock, tableRows } from './excerpt-trimming.js';
import { sentencesOf } from './sentences.js';

/** A sentence as compared for repeats: case, spacing and Markdown marks ignored. */
function sentenceKey(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[`*_[\]()>#|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a sentence (or table row) is new; quoted ones are remembered in `seen`. */
function isFresh(sentence: string, seen: Set<string>): boolean {
  const key = sentenceKey(sentence);
  if (key.length < 12) return true;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/**
 * Drops from `text` the sentences already quoted; `undefined` when nothing new is left. A
 * code block is new or not as a whole; a table keeps its header and its new rows.
 */
export function withoutRepeats(text: string, seen: Set<string>): string | undefined {
  if (isCodeBlock(text)) {
    const key = sentenceKey(text);
    if (seen.has(key)) return undefined;
    seen.add(key);
    return text;
  }
  if (isTableBlock(text)) {
    const { head, rows } = tableRows(text);
    const fresh = rows.filter((row) => isFresh(row, seen));
    return fresh.length > 0 ? [head, ...fresh].join('\n') : undefined;
  }
  const fresh = sentencesOf(text).filter((sentence) => isFresh(sentence, seen));
  const kept = fresh.join('').trim();
  return sentenceKey(kept).length > 0 ? kept : undefined;
}

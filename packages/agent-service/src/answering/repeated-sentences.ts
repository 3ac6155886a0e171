import { isCodeBlock } from './excerpt-trimming.js';
import { sentencesOf } from './sentences.js';

/** A sentence as compared for repeats: case, spacing and Markdown marks ignored. */
function sentenceKey(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[`*_[\]()>#|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Drops from `text` the sentences already quoted; `undefined` when nothing new is left. */
export function withoutRepeats(text: string, seen: Set<string>): string | undefined {
  if (isCodeBlock(text)) {
    const key = sentenceKey(text);
    if (seen.has(key)) return undefined;
    seen.add(key);
    return text;
  }
  const fresh = sentencesOf(text).filter((sentence) => {
    const key = sentenceKey(sentence);
    if (key.length < 12) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const kept = fresh.join('').trim();
  return sentenceKey(kept).length > 0 ? kept : undefined;
}

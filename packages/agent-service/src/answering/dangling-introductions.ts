/**
 * The last pass over an answer's excerpts: no excerpt ends with a colon promising a block
 * that is not quoted after it, and no code block's caption (a file name) stands alone.
 */
import { wordsOf } from '../lexical-index/index.js';
import { isCodeBlock } from './excerpt-trimming.js';
import { type Excerpt, firstProseBlock, introducesNext, sectionKeyOf } from './passage-blocks.js';
import { sentencesOf } from './sentences.js';

/** Whether a quoted block is only a file name or path (`src/index.ts`): a code block's caption. */
const isFileName = (text: string) => /^[`*]*[\w@~./-]*\w\.[A-Za-z]{1,8}[`*]*$/.test(text.trim());

/** A dangling introduction of at most this many words says nothing by itself: it is left out. */
const MAX_EMPTY_INTRODUCTION_WORDS = 15;

/**
 * The excerpts without a colon promising what is not quoted after them: an excerpt whose
 * last sentence introduces a block ("Examples of **correct** code for this rule:", "Those
 * style guides then also recommend:") that does not follow it — too long to quote, or not
 * chosen. A short such sentence is left out (an excerpt that was only that, too); a longer
 * one states something ("Route handlers … can access all variables … in a type-safe way:")
 * and ends with a full stop instead; a code block's caption (a file name) alone is left out.
 * An excerpt is followed by what it introduces when the next excerpt is its passage's next
 * block, or the first block of the section's next chunk.
 */
export function withoutDanglingIntroductions(
  excerpts: readonly Excerpt[],
  blocks: readonly (readonly string[])[],
): Excerpt[] {
  return excerpts.flatMap((excerpt, index) => {
    const next = excerpts[index + 1];
    const followed =
      next !== undefined &&
      ((next.passageIndex === excerpt.passageIndex && next.blockIndex === excerpt.blockIndex + 1) ||
        (sectionKeyOf(next.passage) === sectionKeyOf(excerpt.passage) &&
          next.passage.position === excerpt.passage.position + 1 &&
          next.blockIndex === firstProseBlock(blocks[next.passageIndex] ?? [])));
    if (followed || isCodeBlock(excerpt.text)) return [excerpt];
    // A code block's caption (its file name) says nothing without the code.
    if (isFileName(excerpt.text)) return [];
    if (!introducesNext(excerpt.text)) return [excerpt];
    const sentences = sentencesOf(excerpt.text);
    const last = (sentences.at(-1) ?? '').trimEnd();
    const kept =
      wordsOf(last).length <= MAX_EMPTY_INTRODUCTION_WORDS
        ? sentences.slice(0, -1).join('')
        : `${sentences.slice(0, -1).join('')}${last.slice(0, -1)}.`;
    const text = kept.trim();
    return text ? [{ ...excerpt, text }] : [];
  });
}

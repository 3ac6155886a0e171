/**
 * What an answer quotes is cut from: an excerpt (a piece of one passage), the section it
 * is cited as, and a passage's Markdown blocks with the few facts about them the choice
 * of excerpts reads (a heading, the first prose block, a block that introduces the next).
 */
import { markdownBlocks } from '../markdown/index.js';
import type { Passage } from '../retrieval/index.js';
import { blocksWithDefaultsAttached } from './default-statements.js';

/** A piece of a passage quoted in an answer. */
export interface Excerpt {
  text: string;
  passage: Passage;
  passageIndex: number;
  blockIndex: number;
}

/**
 * The section a passage belongs to: its page (datasource) and title. The chunks of one long
 * section share it; an answer quotes them together and cites them once.
 */
export function sectionKeyOf(passage: Passage): string {
  return `${passage.datasourceId}\n${passage.title}`;
}

/**
 * A passage's blocks (see `markdownBlocks`) as text, its headings written as Markdown again,
 * a paragraph that only states a default joined to the block it completes
 * (`blocksWithDefaultsAttached`).
 */
export function blocksOf(content: string): string[] {
  const blocks = Array.from(markdownBlocks(content), (block) =>
    block.kind === 'heading' ? `${'#'.repeat(block.level)} ${block.text}` : block.text,
  );
  return blocksWithDefaultsAttached(blocks, isProseOrList);
}

// Text or a list: neither a heading, a code block nor a table.
const isProseOrList = (block: string) =>
  !isHeading(block) && !/^\s*(```|~~~)/.test(block) && !/^\s*\|/.test(block);

/** Whether a quoted block ends by introducing what follows it ("… the following:"). */
export const introducesNext = (block: string) => block.trimEnd().endsWith(':');

/** Whether a block is a heading (`blocksOf` writes headings as Markdown again). */
export const isHeading = (block: string) => /^#{1,6} /.test(block);

/** The index of a passage's first block that is not a heading (-1: none). */
export const firstProseBlock = (blocks: readonly string[]) =>
  blocks.findIndex((block) => !isHeading(block));

/**
 * The blocks an answer chooses from in a passage whose section retrieval read around it
 * (`Passage.section`, small-to-big retrieval): the section's chunks before it, its own,
 * the section's chunks after it. A block of another chunk is quoted only when it holds a
 * question word the passage lacks: the sentence that answers in words the ranked chunk
 * does not use ("gives up", "the default"), not more of the same.
 */
import { termsOf } from '../lexical-index/index.js';
import type { Passage } from '../retrieval/index.js';
import { blocksOf } from './passage-blocks.js';

/** A passage's blocks and which of them are its own chunk's. */
export interface PassageBlocks {
  blocks: string[];
  /** The passage's own blocks: `blocks.slice(own[0], own[1])`. */
  own: readonly [number, number];
}

/** The passage's blocks (`blocksOf`), with its section's chunks around it when it has them. */
export function sectionBlocksOf(passage: Passage): PassageBlocks {
  const own = blocksOf(passage.content);
  if (passage.section === undefined) return { blocks: own, own: [0, own.length] };
  const before = passage.section.before.flatMap(blocksOf);
  const after = passage.section.after.flatMap(blocksOf);
  return {
    blocks: [...before, ...own, ...after],
    own: [before.length, before.length + own.length],
  };
}

/**
 * Which blocks of each passage an answer may quote: all of its own chunk's, and of its
 * section's other chunks those holding a question term (`terms`, stemmed) that neither the
 * passage's title nor its content holds. `quotable(passageIndex, blockIndex)`.
 */
export function quotableBlocks(
  passages: readonly Passage[],
  parts: readonly PassageBlocks[],
  terms: ReadonlySet<string>,
): (passageIndex: number, blockIndex: number) => boolean {
  const lacking = passages.map((passage) => {
    if (passage.section === undefined) return new Set<string>();
    const held = termsOf(`${passage.title}\n${passage.content}`);
    return new Set([...terms].filter((term) => !held.has(term)));
  });
  return (passageIndex, blockIndex) => {
    const part = parts[passageIndex];
    if (!part || (blockIndex >= part.own[0] && blockIndex < part.own[1])) return true;
    const missing = lacking[passageIndex];
    if (!missing || missing.size === 0) return false;
    const own = termsOf(part.blocks[blockIndex] ?? '');
    return [...missing].some((term) => own.has(term));
  };
}

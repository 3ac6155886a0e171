import { TITLE_SEPARATOR } from '../lexical-index/index.js';

/** A chunk as {@link firstSectionAfter} reads it. */
export interface PageChunk {
  title: string;
}

/** Chunks read after an intro to find its first section (an intro split longer is left alone). */
export const FOLLOWING_CHUNKS = 4;

/** Whether a chunk opens its page: its title has no heading path (`no-loop-func`). */
function isPageIntro(chunk: PageChunk): boolean {
  return !chunk.title.includes(TITLE_SEPARATOR);
}

/**
 * The first section of a page after its intro: `intro` is a page's opening chunk (a title
 * with no heading path, e.g. `no-loop-func`), `following` the chunks after it in page
 * order; the first one titled otherwise must be a section of that page (`no-loop-func ›
 * Rule Details`). Reference pages open with a one-line summary and a little context, and
 * say what they do in detail in that first section: a question matching the summary is
 * often answered there. `undefined` when the intro has a heading path, or the first other
 * chunk belongs to something else.
 */
export function firstSectionAfter<Chunk extends PageChunk>(
  intro: PageChunk,
  following: readonly Chunk[],
): Chunk | undefined {
  if (!isPageIntro(intro)) return undefined;
  const first = following.find((chunk) => chunk.title !== intro.title);
  return first?.title.startsWith(`${intro.title}${TITLE_SEPARATOR}`) ? first : undefined;
}

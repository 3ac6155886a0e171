import { TITLE_SEPARATOR } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';
import { type PassageRow, passageRows } from './passage-rows.js';

/** A chunk as {@link firstSectionAfter} reads it. */
export interface PageChunk {
  title: string;
}

/** Chunks read after an intro to find its first section (an intro split longer is left alone). */
const FOLLOWING_CHUNKS = 4;

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

/**
 * When the best passage is a page's intro, puts its first section ({@link firstSectionAfter})
 * right after it, at the next passage's score, unless it is ranked already: the answer
 * quotes it when its sentences answer, and cites it as its own section. At most `limit`
 * passages stay. One indexed read of the chunks after the intro.
 */
export async function withFirstSectionAfterIntro(
  database: Queryable,
  ranked: readonly PassageRow[],
  limit: number,
): Promise<readonly PassageRow[]> {
  const top = ranked[0];
  // Most questions are led by a section: no read for them.
  if (!top || !isPageIntro(top)) return ranked;
  const following = await passageRows(
    database,
    `c.datasource_id = $1 AND c.position > $2 ORDER BY c.position LIMIT ${FOLLOWING_CHUNKS}`,
    [top.datasource_id, top.position],
  );
  const section = firstSectionAfter(top, following);
  if (!section || ranked.some((row) => row.chunk_id === section.chunk_id)) return ranked;
  const rows = [...ranked];
  rows.splice(1, 0, { ...section, score: ranked[1]?.score ?? top.score });
  return rows.length > limit ? rows.slice(0, -1) : rows;
}

/**
 * The `best-subsection` stage: a section of the best passage's page that answers the
 * question while sharing few of its words, brought next to the best passage. Two rules
 * find it, in one read: the subsection the best passage's answering line names
 * (`namedSubsection`), and, when answering, a page intro's first section
 * (`firstSectionAfter`).
 */
import { TITLE_SEPARATOR } from '../lexical-index/index.js';
import type { Queryable } from '../store/index.js';
import { FOLLOWING_CHUNKS, firstSectionAfter } from './first-section.js';
import { namedSubsection } from './named-subsection.js';
import { type PassageRow, passageRows } from './passage-rows.js';

/** What {@link withBestSubsection} looks for. */
export interface BestSubsectionOptions {
  /** The question's stemmed terms and their weights. */
  termWeights: ReadonlyMap<string, number>;
  /** Most passages kept. */
  limit: number;
  /** Whether an intro's first section is brought too (answering; a search does not). */
  firstSection: boolean;
}

/**
 * Brings the best passage's subsection next to it: the subsection its answering line
 * names ({@link namedSubsection}) first, at the best passage's score, the best passage
 * next; else, with `firstSection`, when the best passage is a page's intro, its first
 * section ({@link firstSectionAfter}) right after it, at the next passage's score, unless
 * it is ranked already. The answer then quotes the section that is about exactly what was
 * asked, and cites it as its own. At most `limit` passages stay. One indexed read: the
 * page's chunks under the best passage's heading, and the few right after an intro.
 */
export async function withBestSubsection(
  database: Queryable,
  ranked: readonly PassageRow[],
  options: BestSubsectionOptions,
): Promise<readonly PassageRow[]> {
  const top = ranked[0];
  if (!top) return ranked;
  const intro = options.firstSection && !top.title.includes(TITLE_SEPARATOR);
  const chunks = await passageRows(
    database,
    intro
      ? `c.datasource_id = $1 AND (starts_with(c.title, $2) OR (c.position > $3 AND c.position <= $3 + ${FOLLOWING_CHUNKS})) ORDER BY c.position`
      : 'c.datasource_id = $1 AND starts_with(c.title, $2) ORDER BY c.position',
    intro
      ? [top.datasource_id, `${top.title}${TITLE_SEPARATOR}`, top.position]
      : [top.datasource_id, `${top.title}${TITLE_SEPARATOR}`],
  );
  const prefix = `${top.title}${TITLE_SEPARATOR}`;
  const named = namedSubsection(
    top,
    chunks.filter((chunk) => chunk.title.startsWith(prefix)),
    options.termWeights,
  );
  if (named) {
    const rows = ranked.filter((row) => row.chunk_id !== named.chunk_id);
    rows.unshift({ ...named, score: top.score });
    return rows.length > options.limit ? rows.slice(0, -1) : rows;
  }
  if (!intro) return ranked;
  const following = chunks.filter(
    (chunk) => chunk.position > top.position && chunk.position <= top.position + FOLLOWING_CHUNKS,
  );
  const section = firstSectionAfter(top, following);
  if (!section || ranked.some((row) => row.chunk_id === section.chunk_id)) return ranked;
  const rows = [...ranked];
  rows.splice(1, 0, { ...section, score: ranked[1]?.score ?? top.score });
  return rows.length > options.limit ? rows.slice(0, -1) : rows;
}

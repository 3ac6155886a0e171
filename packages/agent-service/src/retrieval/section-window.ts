/**
 * The `section-window` stage: the rest of the best passage's section, read for the answer
 * (small-to-big retrieval). A section longer than a chunk is cut into several
 * (`chunkDocument`), each retrieved alone: the passage ranked first is often the one that
 * shares the question's words (an option's description, a class's summary) while the
 * sentence that answers — the default, the note about the case asked — is in the section's
 * next chunk, which shares fewer and is not among the passages. The answer then chooses
 * its sentences from the passage's whole section around it, within the same room.
 */
import type { Queryable } from '../store/index.js';
import { type ChunkPlace, type NearbyChunks, placeKey } from './nearby-chunks.js';

/**
 * Chunks read on each side of the passage, of the same section. Chosen leave-one-site-out
 * on five documentation sites (docs/benchmarks.md, issue 50): 1 and 2 gave the same
 * answers' measures on each, 3 and more lost one; the smaller reads less.
 */
export const SECTION_WINDOW = 1;

/** The chunks of a passage's section around it (`sectionAround`), their Markdown in page order. */
export interface SectionAround {
  before: string[];
  after: string[];
}

/** A chunk as {@link sectionAround} reads it. */
export interface WindowChunk {
  title: string;
  content: string;
  position: number;
}

/**
 * The passage's section around it: the chunks of the same section (same title) right
 * before and after it in page order, at most `window` on each side, a chunk of another
 * section ending the run; `neighbours` are chunks of the passage's page near it, in any
 * order. `undefined` when no neighbour is of its section (a section of one chunk).
 */
export function sectionAround(
  passage: WindowChunk,
  neighbours: readonly WindowChunk[],
  window = SECTION_WINDOW,
): SectionAround | undefined {
  const byPosition = new Map(neighbours.map((chunk) => [chunk.position, chunk]));
  const ofSection = (position: number) => {
    const chunk = byPosition.get(position);
    return chunk?.title === passage.title ? chunk : undefined;
  };
  const before: string[] = [];
  for (let step = 1; step <= window; step += 1) {
    const chunk = ofSection(passage.position - step);
    if (!chunk) break;
    before.unshift(chunk.content);
  }
  const after: string[] = [];
  for (let step = 1; step <= window; step += 1) {
    const chunk = ofSection(passage.position + step);
    if (!chunk) break;
    after.push(chunk.content);
  }
  return before.length === 0 && after.length === 0 ? undefined : { before, after };
}

/** The places {@link sectionAround} reads around `passage`: `window` positions on each side. */
export function sectionPlaces(passage: ChunkPlace, window = SECTION_WINDOW): ChunkPlace[] {
  const places: ChunkPlace[] = [];
  for (let step = 1; step <= window; step += 1) {
    places.push({ datasource_id: passage.datasource_id, position: passage.position - step });
    places.push({ datasource_id: passage.datasource_id, position: passage.position + step });
  }
  return places;
}

/**
 * The section around the best passage ({@link sectionAround}), `undefined` for none: from
 * `nearby` when it was read at all its {@link sectionPlaces} (`section-example` reads them
 * with its own, in one statement), else one indexed read of the chunks of its title within
 * `window` of it on its page.
 */
export async function sectionOfBest(
  database: Queryable,
  passages: readonly (WindowChunk & { datasource_id: string })[],
  window = SECTION_WINDOW,
  nearby?: NearbyChunks,
): Promise<SectionAround | undefined> {
  const best = passages[0];
  if (!best || window <= 0) return undefined;
  const places = sectionPlaces(best, window);
  if (nearby && places.every((place) => nearby.asked.has(placeKey(place)))) {
    const read = places.flatMap((place) => nearby.chunks.get(placeKey(place)) ?? []);
    return sectionAround(best, read, window);
  }
  const neighbours = await database.query<WindowChunk>(
    `SELECT c.position, c.title, c.content
     FROM chunks c
     WHERE c.datasource_id = $1 AND c.title = $2
       AND c.position BETWEEN $3::int - $4::int AND $3::int + $4::int`,
    [best.datasource_id, best.title, best.position, window],
  );
  return sectionAround(best, neighbours, window);
}

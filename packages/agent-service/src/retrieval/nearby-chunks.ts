/**
 * Chunks of the kept passages' pages at given positions, read once for the top stages that
 * look beside the passages: `section-example` (the chunk after each passage) and
 * `section-window` (the chunks around the best one). Each statement costs PGlite its parse,
 * plan and round trips whatever it reads (about a third of a millisecond for a read of a
 * few rows, docs/benchmarks.md, issue 50's answer-path cost), so the two stages' reads are
 * one.
 */
import type { Queryable } from '../store/index.js';

/** A place in a page: its datasource and a chunk's position there. */
export interface ChunkPlace {
  datasource_id: string;
  position: number;
}

/** A chunk read at a place. */
export interface NearbyChunk extends ChunkPlace {
  title: string;
  content: string;
}

/** What {@link readNearbyChunks} read: the places asked, and the chunks found there. */
export interface NearbyChunks {
  /** Every place asked ({@link placeKey}), a chunk there or not. */
  asked: ReadonlySet<string>;
  /** The chunks found, by place ({@link placeKey}). */
  chunks: ReadonlyMap<string, NearbyChunk>;
}

/** A place as a key of {@link NearbyChunks}. */
export const placeKey = (place: ChunkPlace): string => `${place.datasource_id}:${place.position}`;

/** The chunks at `places` (one indexed read; none for no places). */
export async function readNearbyChunks(
  database: Queryable,
  places: readonly ChunkPlace[],
): Promise<NearbyChunks> {
  const asked = new Set(places.map(placeKey));
  if (places.length === 0) return { asked, chunks: new Map() };
  const rows = await database.query<NearbyChunk>(
    `SELECT c.datasource_id, c.position, c.title, c.content
     FROM chunks c
     JOIN unnest($1::text[], $2::int[]) AS wanted(datasource_id, position)
       ON c.datasource_id = wanted.datasource_id AND c.position = wanted.position`,
    [places.map((place) => place.datasource_id), places.map((place) => place.position)],
  );
  return { asked, chunks: new Map(rows.map((row) => [placeKey(row), row])) };
}

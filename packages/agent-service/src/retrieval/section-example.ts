import { TITLE_SEPARATOR } from '../lexical-index/index.js';
import { markdownBlocks } from '../markdown/index.js';
import type { Queryable } from '../store/index.js';
import { type ChunkPlace, type NearbyChunks, placeKey, readNearbyChunks } from './nearby-chunks.js';

/** Longest example attached to a passage, in characters. */
const MAX_EXAMPLE_CHARS = 400;

/** A chunk as {@link exampleOf} reads it. */
export interface ExampleChunk {
  title: string;
  content: string;
}

/**
 * The example of a section: the chunk right after it on its page, when that chunk is a
 * subsection of it (its title is the section's plus one heading) holding nothing but code,
 * at most {@link MAX_EXAMPLE_CHARS} long — an option's "Example" block. A question about
 * the option matches the section's words, not the example's command, yet an answer that
 * quotes the section is most useful with it. `undefined` otherwise.
 */
export function exampleOf(
  section: ExampleChunk,
  next: ExampleChunk | undefined,
): string | undefined {
  if (!next || next.content.length > MAX_EXAMPLE_CHARS) return undefined;
  const prefix = `${section.title}${TITLE_SEPARATOR}`;
  if (!next.title.startsWith(prefix) || next.title.includes(TITLE_SEPARATOR, prefix.length)) {
    return undefined;
  }
  const blocks = [...markdownBlocks(next.content)];
  return blocks.length > 0 && blocks.every((block) => block.kind === 'code')
    ? next.content
    : undefined;
}

/**
 * The examples ({@link exampleOf}) of the given chunks, by chunk id, and what was read to
 * find them: one indexed read of the chunks that follow them, and of the places `alsoAt`
 * (the `section-window` stage's, read in the same statement: `readNearbyChunks`).
 */
export async function sectionExamples(
  database: Queryable,
  chunks: readonly (ExampleChunk & { chunk_id: string; datasource_id: string; position: number })[],
  alsoAt: readonly ChunkPlace[] = [],
): Promise<{ examples: Map<string, string>; nearby: NearbyChunks }> {
  const examples = new Map<string, string>();
  const nearby = await readNearbyChunks(database, [
    ...chunks.map((chunk) => ({
      datasource_id: chunk.datasource_id,
      position: chunk.position + 1,
    })),
    ...(chunks.length === 0 ? [] : alsoAt),
  ]);
  for (const chunk of chunks) {
    const next = nearby.chunks.get(
      placeKey({ datasource_id: chunk.datasource_id, position: chunk.position + 1 }),
    );
    const example = exampleOf(chunk, next);
    if (example !== undefined) examples.set(chunk.chunk_id, example);
  }
  return { examples, nearby };
}

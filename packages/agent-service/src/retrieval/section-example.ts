import { TITLE_SEPARATOR } from '../lexical-index/index.js';
import { markdownBlocks } from '../markdown/index.js';
import type { Queryable } from '../store/index.js';

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
 * The examples ({@link exampleOf}) of the given chunks, by chunk id: one indexed read of
 * the chunks that follow them.
 */
export async function sectionExamples(
  database: Queryable,
  chunks: readonly (ExampleChunk & { chunk_id: string; datasource_id: string; position: number })[],
): Promise<Map<string, string>> {
  const examples = new Map<string, string>();
  if (chunks.length === 0) return examples;
  const rows = await database.query<ExampleChunk & { datasource_id: string; position: number }>(
    `SELECT c.datasource_id, c.position, c.title, c.content
     FROM chunks c
     JOIN unnest($1::text[], $2::int[]) AS wanted(datasource_id, position)
       ON c.datasource_id = wanted.datasource_id AND c.position = wanted.position`,
    [chunks.map((chunk) => chunk.datasource_id), chunks.map((chunk) => chunk.position + 1)],
  );
  const next = new Map(rows.map((row) => [`${row.datasource_id}:${row.position}`, row]));
  for (const chunk of chunks) {
    const example = exampleOf(chunk, next.get(`${chunk.datasource_id}:${chunk.position + 1}`));
    if (example !== undefined) examples.set(chunk.chunk_id, example);
  }
  return examples;
}

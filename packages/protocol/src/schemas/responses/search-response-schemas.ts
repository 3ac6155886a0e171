/** What a documentation search (`POST /api/agents/{id}/search`) answers. */
import { z } from 'zod';

/** Schema of {@link SearchResult}. */
export const searchResultSchema = z.object({
  title: z.string().describe('The page title, or the document’s name'),
  heading: z.string().describe('The section’s heading inside the page; empty for its opening'),
  url: z.string().nullable().describe('The section’s URL (`page#heading`), or null'),
  excerpt: z.string().describe('One or two lines of the section, as plain text'),
  highlights: z
    .array(z.tuple([z.number().int(), z.number().int()]))
    .describe('`[start, end)` UTF-16 ranges of the excerpt that matched the query, in order'),
  score: z.number().describe('Relevance in 0..1; higher is better'),
});

/** Schema of {@link SearchResponse}. */
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });

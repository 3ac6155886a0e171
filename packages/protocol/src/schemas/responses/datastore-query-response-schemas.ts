/**
 * What a datastore search (`POST /api/datastores/{id}/query`) answers: its ranked chunks,
 * each with its text, score and datasource, and with `explain: true` what each ranking
 * stage did to it.
 */
import { z } from 'zod';

/** Schema of {@link DatastoreQueryResult}. */
export const datastoreQueryResultSchema = z.object({
  text: z.string(),
  score: z.number(),
  source: z.string().nullable(),
  datasource_id: z.string(),
  datasource_name: z.string(),
  custom_id: z.string().exactOptional(),
  offset: z.number().int(),
  chunk_id: z.string(),
  datasource_type: z.string(),
  mime_type: z.string(),
  page_number: z.number().int().exactOptional(),
  total_pages: z.number().int().exactOptional(),
  explain: z
    .object({
      stages: z.array(
        z.object({
          stage: z.string(),
          score: z.number().nullable(),
          rank: z.number().int().nullable(),
        }),
      ),
    })
    .exactOptional()
    .describe(
      'With `explain: true`: the score and rank (1 = first, null = not ranked) after the BM25 candidates (`bm25`) and after each ranking stage that changed the ranking, in order',
    ),
});

/** Schema of {@link DatastoreQueryResponse}. */
export const datastoreQueryResponseSchema = z.object({
  results: z.array(datastoreQueryResultSchema),
});

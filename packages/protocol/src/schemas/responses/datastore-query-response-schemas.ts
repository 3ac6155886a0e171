/**
 * What a datastore search (`POST /api/datastores/{id}/query`) answers: its ranked chunks,
 * each with its text, score and datasource.
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
});

/** Schema of {@link DatastoreQueryResponse}. */
export const datastoreQueryResponseSchema = z.object({
  results: z.array(datastoreQueryResultSchema),
});

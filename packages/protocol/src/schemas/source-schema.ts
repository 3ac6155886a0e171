import { z } from 'zod';

/** Schema of a {@link Source} as responses carry it (one per datasource, highest score first). */
export const sourceSchema = z.object({
  chunk_id: z.string(),
  datasource_id: z.string(),
  datasource_name: z.string(),
  datasource_type: z.string(),
  source_url: z.string().nullable(),
  mime_type: z.string(),
  page_number: z.number().optional(),
  total_pages: z.number().optional(),
  score: z.number(),
  custom_id: z.string().optional(),
});

import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { queryFiltersSchema, queryTextSchema } from './query-request-schema.js';
import { positiveInteger } from './schema-helpers.js';

/**
 * Schema of `POST /api/datastores/{id}/query` bodies: `{query, topK?, filters?}` as the
 * hosted service takes them (unknown fields, such as its `tags`, are dropped), and our
 * `explain?`.
 */
export const datastoreQuerySchema = z.object(
  {
    query: queryTextSchema,
    topK: positiveInteger('topK', LIMITS.topK.max).optional(),
    filters: queryFiltersSchema.optional(),
    explain: z.boolean({ error: 'explain must be true or false' }).optional(),
  },
  { error: 'The request body must be a JSON object like {"query":"…","topK":5}' },
);

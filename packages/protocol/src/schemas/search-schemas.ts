import { z } from 'zod';
import { SEARCH_QUERY_LIMIT, SEARCH_RESULTS_LIMIT } from '../limits.js';
import { id, positiveInteger, text } from './schema-helpers.js';

/** Any control character: a search box is one line, so tabs and line breaks are refused too. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A search query: 1 to 200 characters, not blank, no control characters (C0, DEL, C1;
 * a search box has one line).
 */
export const searchQuerySchema = text('query', SEARCH_QUERY_LIMIT.max, SEARCH_QUERY_LIMIT.min)
  .refine((value) => value.trim().length > 0, { error: 'query must not be blank' })
  .superRefine((value, context) => {
    const match = CONTROL_CHARACTER.exec(value);
    if (match) {
      const found = `\\u${match[0].charCodeAt(0).toString(16).padStart(4, '0')}`;
      context.addIssue({
        code: 'custom',
        message: `query must not contain control characters such as tabs or line breaks (found ${found})`,
        input: value,
      });
    }
  });

/** Schema of `POST /api/agents/{id}/search` bodies (unknown fields are dropped). */
export const searchRequestSchema = z.object(
  {
    query: searchQuerySchema,
    limit: positiveInteger('limit', SEARCH_RESULTS_LIMIT.max).optional(),
    visitorId: id('visitorId').optional(),
  },
  { error: 'The request body must be a JSON object like {"query":"conf"}' },
);

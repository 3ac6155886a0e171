/**
 * What any route of the service may answer (its error body) and what its health check
 * answers.
 */
import { z } from 'zod';

/** Schema of {@link ApiErrorBody}: every HTTP error of the service. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('A code from ERROR_CODES, e.g. NOT_FOUND or INVALID_REQUEST'),
    message: z.string().describe('A sentence a person can act on'),
  }),
});

/** Schema of the service's `GET /healthz` answer. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * Field schemas more than one response shares: the service's timestamps and the
 * good/bad feedback counts of a conversation or a period.
 */
import { z } from 'zod';

/** An ISO 8601 timestamp, as every response sends its dates. */
export const timestamp = z.string().describe('ISO 8601');

/** The thumbs-up and thumbs-down counts of a conversation or of a period. */
export const feedbackCounts = z.object({ good: z.number().int(), bad: z.number().int() });

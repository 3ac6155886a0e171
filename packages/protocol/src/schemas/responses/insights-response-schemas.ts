/**
 * What the insights route answers: a period's query, answer and feedback counts per day,
 * and the content gaps (questions the knowledge did not answer).
 */
import { z } from 'zod';
import { feedbackCounts, timestamp } from './response-fields.js';

/** Schema of {@link ContentGap}. */
export const contentGapSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  question: z.string(),
  answer: z.string(),
  reasons: z.array(z.enum(['nothing-retrieved', 'thumbs-down', 'ai-tool'])),
  comment: z.string().nullable(),
  createdAt: timestamp,
});

/** Schema of {@link InsightsResponse}. */
export const insightsResponseSchema = z.object({
  from: timestamp,
  to: timestamp,
  days: z.array(z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), queries: z.number() })),
  queries: z.number().int(),
  answers: z.number().int(),
  feedback: feedbackCounts,
  nothingRetrieved: z.number().int(),
  gapCount: z.number().int(),
  gaps: z.array(contentGapSchema),
});

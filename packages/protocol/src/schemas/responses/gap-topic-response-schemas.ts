/** What the content-gap topics routes answer: topics of a period, an answer saved, a topic hidden. */
import { z } from 'zod';
import { timestamp } from './response-fields.js';

const reason = z.enum(['nothing-retrieved', 'thumbs-down', 'ai-tool', 'declined']);

/** Schema of {@link GapTopicAnswer}. */
export const gapTopicAnswerSchema = z.object({
  by: z.string(),
  at: timestamp,
  datasourceId: z.string(),
});

/** Schema of {@link GapTopic}. */
export const gapTopicSchema = z.object({
  id: z.string(),
  label: z.string(),
  typicalQuestion: z.string(),
  count: z.number().int(),
  previousCount: z.number().int(),
  trend: z.enum(['new', 'up', 'down', 'flat']),
  firstSeen: timestamp,
  lastSeen: timestamp,
  answered: gapTopicAnswerSchema.nullable(),
  questions: z.array(
    z.object({
      question: z.string(),
      conversationId: z.string(),
      messageId: z.string(),
      at: timestamp,
      reason,
    }),
  ),
});

/** Schema of {@link GapTopicsResponse}. */
export const gapTopicsResponseSchema = z.object({
  from: timestamp,
  to: timestamp,
  topics: z.array(gapTopicSchema),
  hidden: z.number().int(),
  hiddenTopics: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      typicalQuestion: z.string(),
      count: z.number().int(),
      hidden: z.object({ by: z.string(), at: timestamp }),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** Schema of {@link GapAnswerResponse}. */
export const gapAnswerResponseSchema = z.object({
  topicId: z.string(),
  datasourceId: z.string(),
  status: z.string(),
  answered: gapTopicAnswerSchema,
});

/** Schema of {@link GapHideResponse}. */
export const gapHideResponseSchema = z.object({ topicId: z.string(), hidden: z.literal(true) });

/** Schema of {@link GapUnhideResponse}. */
export const gapUnhideResponseSchema = z.object({
  topicId: z.string(),
  hidden: z.literal(false),
});

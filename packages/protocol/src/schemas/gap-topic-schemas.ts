import { z } from 'zod';
import { GAP_TOPIC_LIMITS } from '../gap-topics.js';
import type { INSIGHTS_LIMITS } from '../insights.js';
import { withInsightsRange } from './insights-schemas.js';
import { id, instant, searchText, text } from './schema-helpers.js';

const bodyError = { error: 'The body must be a JSON object' };
const { page } = GAP_TOPIC_LIMITS;

/**
 * Schema of `GET /api/insights/gaps` query strings (unknown parameters are dropped): an
 * agent, `from` before `to` at most {@link INSIGHTS_LIMITS}.rangeDays apart, a cursor and a
 * page size.
 */
export const gapTopicsQuerySchema = withInsightsRange(
  z.object(
    {
      agentId: id('agentId'),
      from: instant('from').optional(),
      to: instant('to').optional(),
      cursor: searchText('cursor').optional(),
      limit: z
        .string({ error: 'limit must be given once, as a whole number' })
        .regex(/^\d{1,4}$/, { error: `limit must be a whole number from 1 to ${page.max}` })
        .transform(Number)
        .refine((value) => value >= 1 && value <= page.max, {
          error: `limit must be a whole number from 1 to ${page.max}`,
        })
        .optional(),
    },
    { error: 'The query string must be a set of parameters' },
  ),
);

const question = (field: string) =>
  text(field, GAP_TOPIC_LIMITS.questionLength, 1).refine((value) => value.trim().length > 0, {
    error: `${field} must not be blank`,
  });
const questions = (field: string) =>
  z
    .array(question(`${field}[]`), { error: `${field} must be an array of questions` })
    .max(GAP_TOPIC_LIMITS.variants, {
      error: `${field} may hold at most ${GAP_TOPIC_LIMITS.variants} questions`,
    });
const by = text('by', GAP_TOPIC_LIMITS.byLength, 1);

/** Schema of `POST /api/insights/gaps/answer` bodies. */
export const gapAnswerSchema = z.object(
  {
    agentId: id('agentId'),
    topicId: id('topicId'),
    question: question('question'),
    variants: questions('variants').optional(),
    answer: text('answer', GAP_TOPIC_LIMITS.answerLength, 1).refine(
      (value) => value.trim().length > 0,
      { error: 'answer must not be blank' },
    ),
    sourceUrl: z
      .url({ protocol: /^https?$/, error: 'sourceUrl must be an http(s) URL' })
      .max(2_000, { error: 'sourceUrl must be at most 2000 characters' })
      .optional(),
    by: by.optional(),
  },
  bodyError,
);

/** Schema of `POST /api/insights/gaps/hide` bodies. */
export const gapHideSchema = z.object(
  {
    agentId: id('agentId'),
    topicId: id('topicId'),
    questions: questions('questions').min(1, { error: 'questions must not be empty' }),
    by: by.optional(),
  },
  bodyError,
);

/**
 * Schema of `POST /api/insights/gaps/unhide` bodies: an agent, a hidden topic, and the range
 * it was listed in (as the list's query: `from` before `to`, at most
 * {@link INSIGHTS_LIMITS}.rangeDays apart).
 */
export const gapUnhideSchema = withInsightsRange(
  z.object(
    {
      agentId: id('agentId'),
      topicId: id('topicId'),
      from: instant('from').optional(),
      to: instant('to').optional(),
    },
    bodyError,
  ),
);

import { z } from 'zod';
import { PROMPT_TYPES, QUERY_MODEL_NAMES } from '../enums.js';
import { LIMITS } from '../limits.js';
import { findForbiddenCharacter } from '../text-rules.js';
import { id, idList, oneOf, positiveInteger, rangedNumber, text } from './schema-helpers.js';

/** A question: 1 to 10 000 characters, not blank, no NUL or other control characters. */
export const queryTextSchema = text('query', LIMITS.queryLength.max, 1)
  .refine((value) => value.trim().length > 0, { error: 'query must not be blank' })
  .superRefine((value, context) => {
    const found = findForbiddenCharacter(value);
    if (found !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `query must not contain NUL or other control characters (found ${found})`,
        input: value,
      });
    }
  });

/** Schema of a query's `filters`. */
export const queryFiltersSchema = z.object(
  {
    custom_ids: z
      .array(text('filters.custom_ids[]', LIMITS.idLength.max, 1))
      .max(LIMITS.filterIds.max, {
        error: `filters.custom_ids may hold at most ${LIMITS.filterIds.max} ids`,
      })
      .optional(),
    datasource_ids: idList('filters.datasource_ids').optional(),
    datastore_ids: idList('filters.datastore_ids').optional(),
  },
  { error: 'filters must be an object' },
);

/** Schema of `POST /api/agents/{id}/query` bodies (unknown fields are dropped). */
export const queryRequestSchema = z.object(
  {
    query: queryTextSchema,
    conversationId: id('conversationId').optional(),
    visitorId: id('visitorId').optional(),
    temperature: rangedNumber('temperature', LIMITS.temperature).optional(),
    streaming: z.boolean({ error: 'streaming must be true or false' }).optional(),
    modelName: oneOf('modelName', QUERY_MODEL_NAMES).optional(),
    maxTokens: positiveInteger('maxTokens', LIMITS.maxTokens.max).optional(),
    presencePenalty: rangedNumber('presencePenalty', LIMITS.presencePenalty).optional(),
    frequencyPenalty: rangedNumber('frequencyPenalty', LIMITS.frequencyPenalty).optional(),
    topP: rangedNumber('topP', LIMITS.topP).optional(),
    filters: queryFiltersSchema.optional(),
    systemPrompt: text('systemPrompt', LIMITS.promptLength.max).optional(),
    userPrompt: text('userPrompt', LIMITS.promptLength.max).optional(),
    promptType: oneOf('promptType', PROMPT_TYPES).optional(),
    promptTemplate: text('promptTemplate', LIMITS.promptLength.max).optional(),
    context: text('context', LIMITS.promptLength.max).optional(),
  },
  { error: 'The request body must be a JSON object' },
);

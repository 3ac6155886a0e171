import { z } from 'zod';
import { CONVERSATION_STATUSES, EXPORT_FORMATS, MESSAGE_EVALS } from '../conversations.js';
import { USER_ATTRIBUTES_LIMIT } from '../identity.js';
import { CONVERSATION_CHANNELS } from '../integrations.js';
import { LIMITS } from '../limits.js';
import { id, instant, oneOf, pageSize, searchText, text } from './schema-helpers.js';

const bodyError = { error: 'The request body must be a JSON object' };
const queryError = { error: 'The query string must be a set of parameters' };

/** Longest `user` filter: a user id (the longest of id, name and email). */
const USER_ID_FILTER_LENGTH = 256;

const ATTRIBUTE_FILTER = new RegExp(
  `^[A-Za-z][A-Za-z0-9_.-]{0,${USER_ATTRIBUTES_LIMIT.keyLength - 1}}:.{0,${USER_ATTRIBUTES_LIMIT.valueLength}}$`,
  's',
);

const filterFields = {
  agentId: id('agentId').optional(),
  q: searchText('q').optional(),
  feedback: oneOf('feedback', MESSAGE_EVALS).optional(),
  status: oneOf('status', CONVERSATION_STATUSES).optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
  channel: oneOf('channel', CONVERSATION_CHANNELS)
    .describe('Only conversations of this channel')
    .optional(),
  user: z
    .string({ error: 'user must be given once, as text' })
    .max(USER_ID_FILTER_LENGTH, {
      error: `user must be at most ${USER_ID_FILTER_LENGTH} characters`,
    })
    .describe(
      "Only signed-in users' conversations whose user id, name or email contains this (case-insensitive); * for any signed-in user",
    )
    .optional(),
  attribute: z
    .string({ error: 'attribute must be given once, as key:value' })
    .regex(ATTRIBUTE_FILTER, {
      error: 'attribute must be key:value, an attribute key and its value, e.g. plan:pro',
    })
    .describe("Only signed-in users' conversations with this attribute, key:value (plan:pro)")
    .optional(),
};

/** Schema of `GET /api/conversations` query strings (unknown parameters are dropped). */
export const conversationListQuerySchema = z.object(
  {
    ...filterFields,
    cursor: searchText('cursor').optional(),
    limit: pageSize.optional(),
  },
  queryError,
);

/** Schema of `GET /api/conversations/export` query strings. */
export const conversationExportQuerySchema = z.object(
  { ...filterFields, format: oneOf('format', EXPORT_FORMATS).optional() },
  queryError,
);

/** Schema of `POST /api/conversations/{id}/messages` bodies (an operator's reply). */
export const operatorMessageSchema = z.object(
  {
    text: text('text', LIMITS.operatorMessageLength.max, 1).refine(
      (value) => value.trim().length > 0,
      { error: 'text must not be blank' },
    ),
  },
  bodyError,
);

/** Schema of `POST /api/conversations/update-status` bodies. */
export const conversationStatusSchema = z.object(
  { conversationId: id('conversationId'), status: oneOf('status', CONVERSATION_STATUSES) },
  bodyError,
);

/** Schema of `POST /api/conversations/eval-answer` bodies. */
export const evalAnswerSchema = z.object(
  {
    messageId: id('messageId'),
    visitorId: id('visitorId'),
    eval: oneOf('eval', MESSAGE_EVALS).nullable(),
    comment: text('comment', LIMITS.commentLength.max).optional(),
  },
  bodyError,
);

/** Schema of `POST /api/conversations/{id}/handoff` bodies. */
export const handoffSchema = z.object(
  { agentId: id('agentId'), visitorId: id('visitorId') },
  bodyError,
);

/** Schema of `GET /api/conversations/{id}/messages` query strings (a visitor's poll). */
export const visitorMessagesQuerySchema = z.object(
  { agentId: id('agentId'), visitorId: id('visitorId'), after: id('after').optional() },
  queryError,
);

import { z } from 'zod';
import { CONVERSATION_STATUSES, EXPORT_FORMATS, MESSAGE_EVALS } from '../conversations.js';
import { LIMITS } from '../limits.js';
import { id, instant, oneOf, pageSize, searchText, text } from './schema-helpers.js';

const bodyError = { error: 'The request body must be a JSON object' };
const queryError = { error: 'The query string must be a set of parameters' };

const filterFields = {
  agentId: id('agentId').optional(),
  q: searchText('q').optional(),
  feedback: oneOf('feedback', MESSAGE_EVALS).optional(),
  status: oneOf('status', CONVERSATION_STATUSES).optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
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

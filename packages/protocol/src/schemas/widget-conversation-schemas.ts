import { z } from 'zod';
import { MESSAGE_EVALS } from '../conversations.js';
import { LIMITS } from '../limits.js';
import { id, oneOf, strictBodyError, text } from './schema-helpers.js';

const bodyError = strictBodyError();

/** Schema of the BFF's `POST /api/agents/{id}/feedback` bodies. */
export const feedbackRequestSchema = z.strictObject(
  {
    visitorId: id('visitorId'),
    messageId: id('messageId'),
    eval: oneOf('eval', MESSAGE_EVALS).nullable(),
    comment: text('comment', LIMITS.commentLength.max).optional(),
  },
  bodyError,
);

/** Schema of the BFF's `POST /api/agents/{id}/handoff` bodies. */
export const handoffRequestSchema = z.strictObject(
  { visitorId: id('visitorId'), conversationId: id('conversationId') },
  bodyError,
);

/** Schema of the BFF's `POST /api/agents/{id}/messages` bodies. */
export const messagesRequestSchema = z.strictObject(
  {
    visitorId: id('visitorId'),
    conversationId: id('conversationId'),
    after: id('after').optional(),
  },
  bodyError,
);

/**
 * Schema of the BFF's `POST /api/agents/{id}/conversations` bodies (signed ids), and of
 * the service's `POST /api/agents/{id}/visitor-conversations` (the ids the BFF verified).
 */
export const pastConversationsRequestSchema = z.strictObject(
  {
    visitorId: id('visitorId'),
    conversationIds: z
      .array(id('conversationIds[]'), { error: 'conversationIds must be an array of ids' })
      .max(LIMITS.pastConversations.max, {
        error: `conversationIds may hold at most ${LIMITS.pastConversations.max} ids`,
      }),
  },
  bodyError,
);

/**
 * Schema of the BFF's `POST /api/agents/{id}/conversations/delete` bodies, and of the
 * service's `POST /api/agents/{id}/visitor-conversations/delete`.
 */
export const deleteConversationRequestSchema = z.strictObject(
  { visitorId: id('visitorId'), conversationId: id('conversationId') },
  bodyError,
);

/**
 * What the service answers about conversations: messages (with an answer's metadata, an
 * operator's reply), summaries, details and lists for operators, a handoff, an answer's
 * rating, and a visitor's own view of their conversations.
 */
import { z } from 'zod';
import { CONVERSATION_STATUSES, MESSAGE_EVALS, MESSAGE_ROLES } from '../../conversations.js';
import { CONVERSATION_CHANNELS } from '../../integrations.js';
import { contactOfferSchema } from './contact-response-schemas.js';
import { conversationUserSchema } from './identity-response-schemas.js';
import { sourceSchema } from './query-response-schemas.js';
import { feedbackCounts, timestamp } from './response-fields.js';

/** Schema of {@link AnswerMetadata}. */
export const answerMetadataSchema = z.object({
  answerer: z.string(),
  latencyMs: z.number(),
  topScores: z.array(z.number()),
  found: z.boolean(),
  followUps: z
    .array(
      z.object({
        question: z.string(),
        sourceUrl: z.string().nullable(),
        datasourceName: z.string(),
      }),
    )
    .exactOptional(),
});

const messageFields = {
  id: z.string(),
  role: z.enum(MESSAGE_ROLES),
  text: z.string(),
  createdAt: timestamp,
  sources: z.array(sourceSchema),
  eval: z.enum(MESSAGE_EVALS).nullable(),
  comment: z.string().nullable(),
};

/** Schema of {@link ConversationMessage}. */
export const conversationMessageSchema = z.object({
  ...messageFields,
  metadata: answerMetadataSchema.nullable(),
});

/** Schema of {@link OperatorReplyResponse}: the stored reply, and where it was mailed. */
export const operatorReplyResponseSchema = conversationMessageSchema.extend({
  emailedTo: z
    .string()
    .nullable()
    .describe("The visitor's contact the reply is also mailed to; null when it is not"),
});

/** Schema of {@link VisitorMessage} (no answer metadata). */
export const visitorMessageSchema = z.object(messageFields);

const summaryFields = {
  id: z.string(),
  agentId: z.string().nullable(),
  visitorId: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
  messageCount: z.number().int(),
  feedback: feedbackCounts,
  lastMessage: z
    .object({ role: z.enum(MESSAGE_ROLES), text: z.string(), createdAt: timestamp })
    .nullable(),
  channel: z
    .enum(CONVERSATION_CHANNELS)
    .nullable()
    .describe('Where it happens; null for a conversation older than channels'),
  user: conversationUserSchema
    .nullable()
    .describe('The signed-in user the visitor is (verified by the BFF); null when anonymous'),
};

/** Schema of {@link ConversationSummary}. */
export const conversationSummarySchema = z.object(summaryFields);

/** Schema of {@link HandoffSummary}: the summary, with the contact form to offer, if any. */
export const handoffSummarySchema = z.object({
  ...summaryFields,
  contactCapture: contactOfferSchema.exactOptional(),
});

/** Schema of {@link ConversationDetail}. */
export const conversationDetailSchema = z.object({
  ...summaryFields,
  messages: z.array(conversationMessageSchema),
});

/** Schema of {@link ConversationListResponse}. */
export const conversationListResponseSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  nextCursor: z.string().nullable(),
});

/** Schema of {@link EvalAnswerResponse}. */
export const evalAnswerResponseSchema = z.object({
  messageId: z.string(),
  eval: z.enum(MESSAGE_EVALS).nullable(),
  comment: z.string().nullable(),
});

/** Schema of {@link VisitorMessagesResponse}. */
export const visitorMessagesResponseSchema = z.object({
  status: z.enum(CONVERSATION_STATUSES),
  messages: z.array(visitorMessageSchema),
});

/** Schema of {@link VisitorConversationsResponse}. */
export const visitorConversationsResponseSchema = z.object({
  conversations: z.array(
    z.object({
      id: z.string(),
      firstQuestion: z.string(),
      status: z.enum(CONVERSATION_STATUSES),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});

/** Schema of {@link VisitorConversationDeleted}. */
export const visitorConversationDeletedSchema = z.object({ deleted: z.literal(true) });

import { z } from 'zod';
import { CONTACT_CAPTURE_TRIGGERS, CONTACT_FIELD_MODES } from '../contacts.js';
import { CONVERSATION_STATUSES, MESSAGE_EVALS, MESSAGE_ROLES } from '../conversations.js';
import { DELIVERY_KINDS, DELIVERY_STATUSES } from '../deliveries.js';
import {
  AGENT_MODEL_NAMES,
  DATASOURCE_STATUSES,
  DATASOURCE_TYPES,
  DATASTORE_TYPES,
  PROMPT_TYPES,
  VISIBILITIES,
} from '../enums.js';

/*
 * Zod schemas of the JSON the agent service answers with: what its OpenAPI document
 * publishes and its contract test checks live responses against. Each one's output type
 * equals the protocol's TypeScript interface of the same name (checked in
 * response-schemas.test.ts), so the interfaces and the schemas cannot drift. Fields the
 * service may leave empty are `.nullable()` (sent as `null`); fields only some upstreams
 * send are `.exactOptional()` (absent, never `null`). Objects are closed: a field the
 * service starts sending without declaring it here fails the contract test.
 */

const timestamp = z.string().describe('ISO 8601');
const feedbackCounts = z.object({ good: z.number().int(), bad: z.number().int() });

/** Schema of {@link Source}: a retrieved source, one per datasource. */
export const sourceSchema = z.object({
  chunk_id: z.string(),
  datasource_id: z.string(),
  datasource_name: z.string(),
  datasource_type: z.string(),
  source_url: z.string().nullable(),
  mime_type: z.string(),
  page_number: z.number().int().exactOptional(),
  total_pages: z.number().int().exactOptional(),
  score: z.number(),
  custom_id: z.string().exactOptional(),
});

const contactFieldModes = z.object({
  name: z.enum(CONTACT_FIELD_MODES),
  phone: z.enum(CONTACT_FIELD_MODES),
});

/** Schema of {@link ContactCaptureSettings} as an agent returns them. */
export const contactCaptureSettingsSchema = z.object({
  enabled: z.boolean(),
  triggers: z.array(z.enum(CONTACT_CAPTURE_TRIGGERS)),
  fields: contactFieldModes,
  consentText: z.string().nullable(),
});

/** Schema of {@link Agent}. */
export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  modelName: z.enum(AGENT_MODEL_NAMES),
  temperature: z.number(),
  visibility: z.enum(VISIBILITIES),
  systemPrompt: z.string().nullable(),
  userPrompt: z.string().nullable(),
  promptType: z.enum(PROMPT_TYPES),
  promptTemplate: z.string().nullable(),
  datastoreIds: z.array(z.string()).exactOptional(),
  handoffEnabled: z.boolean().exactOptional(),
  contactCapture: contactCaptureSettingsSchema.exactOptional(),
});

/** Schema of {@link Datastore}. */
export const datastoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(DATASTORE_TYPES),
  visibility: z.enum(VISIBILITIES),
});

/** Schema of {@link SyncSummary}: what one sync of a web source did. */
const syncSummarySchema = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  failed: z.number().int(),
  seconds: z.number(),
  finishedAt: timestamp,
});

/** Schema of {@link Datasource}. */
export const datasourceSchema = z.object({
  id: z.string(),
  type: z.enum(DATASOURCE_TYPES),
  name: z.string(),
  status: z.enum(DATASOURCE_STATUSES),
  groupId: z.string().nullable(),
  updatedAt: timestamp,
  createdAt: timestamp,
  lastSynch: timestamp.nullable(),
  config: z.record(z.string(), z.unknown()),
  datastoreId: z.string().exactOptional(),
  nbChunks: z.number().int().exactOptional(),
  textSize: z.number().int().exactOptional(),
  nextSynch: timestamp.nullable().exactOptional(),
  lastSyncSummary: syncSummarySchema.nullable().exactOptional(),
});

/** Schema of {@link DatasourceUpsertResponse} (deprecated upsert). */
export const datasourceUpsertResponseSchema = z.object({ ids: z.array(z.string()) });

/** Schema of {@link DatasourceUpdateResponse} (deprecated update). */
export const datasourceUpdateResponseSchema = z.object({ id: z.string() });

/** Schema of {@link ContactOffer}. */
export const contactOfferSchema = z.object({
  reason: z.enum(CONTACT_CAPTURE_TRIGGERS),
  fields: contactFieldModes,
  consentText: z.string().nullable(),
});

/** Schema of {@link QueryResponse} (also the `endpoint_response` JSON of a stream). */
export const queryResponseSchema = z.object({
  answer: z.string(),
  conversationId: z.string(),
  visitorId: z.string(),
  sources: z.array(sourceSchema),
  messageId: z.string().exactOptional(),
  status: z.enum(CONVERSATION_STATUSES).exactOptional(),
  handoffEnabled: z.boolean().exactOptional(),
  contactCapture: contactOfferSchema.exactOptional(),
  followUps: z.array(z.string()).exactOptional(),
});

/** Schema of {@link DatastoreQueryResult}. */
export const datastoreQueryResultSchema = z.object({
  text: z.string(),
  score: z.number(),
  source: z.string().nullable(),
  datasource_id: z.string(),
  datasource_name: z.string(),
  custom_id: z.string().exactOptional(),
  offset: z.number().int(),
  chunk_id: z.string(),
  datasource_type: z.string(),
  mime_type: z.string(),
  page_number: z.number().int().exactOptional(),
  total_pages: z.number().int().exactOptional(),
});

/** Schema of {@link DatastoreQueryResponse}. */
export const datastoreQueryResponseSchema = z.object({
  results: z.array(datastoreQueryResultSchema),
});

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

/** Schema of {@link ContentGap}. */
export const contentGapSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  question: z.string(),
  answer: z.string(),
  reasons: z.array(z.enum(['nothing-retrieved', 'thumbs-down'])),
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

/** Schema of {@link Contact}. */
export const contactSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  visitorId: z.string(),
  conversationId: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  consentText: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** Schema of {@link ContactListResponse}. */
export const contactListResponseSchema = z.object({
  contacts: z.array(contactSchema),
  nextCursor: z.string().nullable(),
});

/** Schema of {@link ContactErasureResponse}. */
export const contactErasureResponseSchema = z.object({
  deleted: z.literal(true),
  conversationsDeleted: z.number().int(),
});

/** Schema of {@link Delivery}: one mail or webhook event of the outbox's log. */
export const deliverySchema = z.object({
  id: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  topic: z.string().describe('The event type, or mail.handoff, mail.contact, mail.reply'),
  target: z.string().describe("The recipient's address, or the receiver's URL"),
  summary: z.string().describe("The mail's subject, or the event's id"),
  conversationId: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: timestamp.nullable(),
  lastError: z.string().nullable(),
  deliveredAt: timestamp.nullable(),
  createdAt: timestamp,
});

/** Schema of {@link DeliveryListResponse}. */
export const deliveryListResponseSchema = z.object({
  deliveries: z.array(deliverySchema),
  nextCursor: z.string().nullable(),
});

/** Schema of {@link ApiErrorBody}: every HTTP error of the service. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('A code from ERROR_CODES, e.g. NOT_FOUND or INVALID_REQUEST'),
    message: z.string().describe('A sentence a person can act on'),
  }),
});

/** Schema of the service's `GET /healthz` answer. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

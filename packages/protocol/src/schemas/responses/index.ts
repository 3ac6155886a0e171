/**
 * Zod schemas of the JSON the agent service answers with, one file per resource: what its
 * OpenAPI document publishes and its contract test checks live responses against. Each
 * one's output type equals the protocol's TypeScript interface of the same name (checked
 * in ../response-schemas.test.ts), so the interfaces and the schemas cannot drift. Fields
 * the service may leave empty are `.nullable()` (sent as `null`); fields only some
 * upstreams send are `.exactOptional()` (absent, never `null`). Objects are closed: a
 * field the service starts sending without declaring it here fails the contract test.
 */

export {
  contactCaptureSettingsSchema,
  contactErasureResponseSchema,
  contactListResponseSchema,
  contactOfferSchema,
  contactSchema,
} from './contact-response-schemas.js';
export {
  answerMetadataSchema,
  conversationDetailSchema,
  conversationListResponseSchema,
  conversationMessageSchema,
  conversationSummarySchema,
  evalAnswerResponseSchema,
  handoffSummarySchema,
  operatorReplyResponseSchema,
  visitorConversationDeletedSchema,
  visitorConversationsResponseSchema,
  visitorMessageSchema,
  visitorMessagesResponseSchema,
} from './conversation-response-schemas.js';
export {
  datastoreQueryResponseSchema,
  datastoreQueryResultSchema,
} from './datastore-query-response-schemas.js';
export { deliveryListResponseSchema, deliverySchema } from './delivery-response-schemas.js';
export {
  gapAnswerResponseSchema,
  gapHideResponseSchema,
  gapTopicSchema,
  gapTopicsResponseSchema,
  gapUnhideResponseSchema,
} from './gap-topic-response-schemas.js';
export {
  conversationUserSchema,
  identifiedVisitorResponseSchema,
  userErasureResponseSchema,
} from './identity-response-schemas.js';
export { contentGapSchema, insightsResponseSchema } from './insights-response-schemas.js';
export { integrationStatusSchema } from './integration-response-schemas.js';
export { queryResponseSchema, sourceSchema } from './query-response-schemas.js';
export {
  agentSchema,
  datasourceSchema,
  datasourceUpdateResponseSchema,
  datasourceUpsertResponseSchema,
  datastoreSchema,
} from './resource-response-schemas.js';
export { searchResponseSchema, searchResultSchema } from './search-response-schemas.js';
export { apiErrorBodySchema, healthResponseSchema } from './service-response-schemas.js';

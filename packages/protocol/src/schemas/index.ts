/**
 * @agent-chat/protocol/schemas — zod schemas of every request body, for servers, and of
 * the agent service's responses (for its OpenAPI document and contract tests; their types
 * are the protocol's interfaces). Not for browsers: it pulls in zod.
 */

export {
  contactCaptureSchema,
  contactListQuerySchema,
  contactRequestSchema,
  contactSubmissionSchema,
} from './contact-schemas.js';
export {
  conversationExportQuerySchema,
  conversationListQuerySchema,
  conversationStatusSchema,
  evalAnswerSchema,
  handoffSchema,
  operatorMessageSchema,
  visitorMessagesQuerySchema,
} from './conversation-schemas.js';
export {
  DATASOURCE_JSON_TYPES,
  datasourceCreateSchema,
  datasourcePatchSchema,
  datasourceUploadFormSchema,
} from './datasource-create-schema.js';
export { datastoreQuerySchema } from './datastore-query-schema.js';
export { deliveryListQuerySchema } from './delivery-schemas.js';
export {
  gapAnswerSchema,
  gapHideSchema,
  gapTopicsQuerySchema,
  gapUnhideSchema,
} from './gap-topic-schemas.js';
export {
  identifiedVisitorSchema,
  identifyRequestSchema,
  userAttributesSchema,
  userConversationsRequestSchema,
} from './identity-schemas.js';
export { insightsQuerySchema } from './insights-schemas.js';
export { discordIntegrationSchema, slackIntegrationSchema } from './integration-schemas.js';
export {
  chatCompletionChunkSchema,
  chatCompletionRequestSchema,
  chatCompletionSchema,
  messageText,
  modelListSchema,
  modelSchema,
  openAiErrorSchema,
} from './openai-schemas.js';
export { type ParseBodyResult, parseBody } from './parse-body.js';
export { queryFiltersSchema, queryRequestSchema } from './query-request-schema.js';
export {
  agentCreateSchema,
  agentUpdateSchema,
  datasourceUpdateSchema,
  datasourceUpsertSchema,
  datastoreCreateSchema,
  datastoreUpdateSchema,
  emptyBodySchema,
  upsertDocumentSchema,
} from './resource-schemas.js';
export {
  agentSchema,
  answerMetadataSchema,
  apiErrorBodySchema,
  contactCaptureSettingsSchema,
  contactErasureResponseSchema,
  contactListResponseSchema,
  contactOfferSchema,
  contactSchema,
  contentGapSchema,
  conversationDetailSchema,
  conversationListResponseSchema,
  conversationMessageSchema,
  conversationSummarySchema,
  conversationUserSchema,
  datasourceSchema,
  datasourceUpdateResponseSchema,
  datasourceUpsertResponseSchema,
  datastoreQueryResponseSchema,
  datastoreQueryResultSchema,
  datastoreSchema,
  deliveryListResponseSchema,
  deliverySchema,
  evalAnswerResponseSchema,
  gapAnswerResponseSchema,
  gapHideResponseSchema,
  gapTopicSchema,
  gapTopicsResponseSchema,
  gapUnhideResponseSchema,
  handoffSummarySchema,
  healthResponseSchema,
  identifiedVisitorResponseSchema,
  insightsResponseSchema,
  integrationStatusSchema,
  operatorReplyResponseSchema,
  queryResponseSchema,
  searchResponseSchema,
  searchResultSchema,
  sourceSchema,
  userErasureResponseSchema,
  visitorConversationDeletedSchema,
  visitorConversationsResponseSchema,
  visitorMessageSchema,
  visitorMessagesResponseSchema,
} from './responses/index.js';
export { searchQuerySchema, searchRequestSchema } from './search-schemas.js';
export {
  deleteConversationRequestSchema,
  feedbackRequestSchema,
  handoffRequestSchema,
  messagesRequestSchema,
  pastConversationsRequestSchema,
} from './widget-conversation-schemas.js';

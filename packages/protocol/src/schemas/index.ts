/**
 * @agent-chat/protocol/schemas — zod schemas of every request body, for servers.
 * Not for browsers: it pulls in zod.
 */

export {
  contactCaptureSchema,
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
  datasourceUploadTypeSchema,
} from './datasource-create-schema.js';
export { datastoreQuerySchema } from './datastore-query-schema.js';
export { insightsQuerySchema } from './insights-schemas.js';
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
  feedbackRequestSchema,
  handoffRequestSchema,
  messagesRequestSchema,
} from './widget-conversation-schemas.js';

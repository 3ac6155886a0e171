/**
 * @agent-chat/protocol — the API contract shared by every agent-chat package.
 *
 * This entry is browser-safe (no zod, no Node built-ins). Request schemas live in
 * `@agent-chat/protocol/schemas`, for servers only.
 */
export {
  type AccumulatorState,
  type AnswerAccumulator,
  createAnswerAccumulator,
  readQueryStream,
  type StreamResult,
} from './answer-accumulator.js';
export { isEmailAddress, isPhoneNumber, readContactOffer } from './contact-rules.js';
export {
  CONTACT_CAPTURE_TRIGGERS,
  CONTACT_FIELD_MODES,
  type Contact,
  type ContactCaptureResponse,
  type ContactCaptureSettings,
  type ContactCaptureTrigger,
  type ContactErasureResponse,
  type ContactFieldMode,
  type ContactListQuery,
  type ContactListResponse,
  type ContactOffer,
  type ContactRequest,
  type ContactResponse,
  type ContactSubmission,
  DEFAULT_CONTACT_CAPTURE,
} from './contacts.js';
export {
  type AnswerMetadata,
  CONVERSATION_STATUSES,
  type ConversationDetail,
  type ConversationExportQuery,
  type ConversationFilters,
  type ConversationListQuery,
  type ConversationListResponse,
  type ConversationMessage,
  type ConversationStatus,
  type ConversationStatusBody,
  type ConversationSummary,
  type EvalAnswerBody,
  type EvalAnswerResponse,
  EXPORT_FORMATS,
  type ExportFormat,
  HANDOFF_ACKNOWLEDGEMENT,
  type HandoffBody,
  MESSAGE_EVALS,
  MESSAGE_ROLES,
  type MessageEval,
  type MessageRole,
  type OperatorMessageBody,
  type VisitorMessage,
  type VisitorMessagesQuery,
  type VisitorMessagesResponse,
} from './conversations.js';
export type {
  DatasourceCreateBody,
  DatasourceCreateConfig,
  DatasourcePatchBody,
  QaPair,
} from './datasource-create.js';
export type {
  DatastoreQueryRequest,
  DatastoreQueryResponse,
  DatastoreQueryResult,
} from './datastore-query.js';
export {
  ACTIVE_DATASOURCE_STATUSES,
  AGENT_MODEL_NAMES,
  type AgentModelName,
  DATASOURCE_STATUSES,
  DATASOURCE_TYPES,
  DATASTORE_TYPES,
  type DatasourceStatus,
  type DatasourceType,
  type DatastoreType,
  isDatasourceSettled,
  PROMPT_TYPES,
  type PromptType,
  QUERY_MODEL_NAMES,
  type QueryModelName,
  SETTLED_DATASOURCE_STATUSES,
  VISIBILITIES,
  type Visibility,
} from './enums.js';
export {
  type ApiErrorBody,
  apiErrorBody,
  CLIENT_ERROR_CODES,
  ERROR_CODE_ABORTED,
  ERROR_CODE_CONTACT_CAPTURE_DISABLED,
  ERROR_CODE_FORBIDDEN,
  ERROR_CODE_HANDOFF_DISABLED,
  ERROR_CODE_HTTP_ERROR,
  ERROR_CODE_INTERNAL,
  ERROR_CODE_INVALID_REQUEST,
  ERROR_CODE_INVALID_RESPONSE,
  ERROR_CODE_INVALID_STREAM,
  ERROR_CODE_NETWORK,
  ERROR_CODE_NOT_FOUND,
  ERROR_CODE_OFFLINE,
  ERROR_CODE_PAYLOAD_TOO_LARGE,
  ERROR_CODE_RATE_LIMITED,
  ERROR_CODE_REQUEST_TIMEOUT,
  ERROR_CODE_SHUTTING_DOWN,
  ERROR_CODE_STREAM_INTERRUPTED,
  ERROR_CODE_UNAUTHORIZED,
  ERROR_CODE_UNAVAILABLE,
  ERROR_CODE_UNSUPPORTED_TYPE,
  ERROR_CODE_UPSTREAM_AUTH,
  ERROR_CODE_UPSTREAM_ERROR,
  ERROR_CODE_UPSTREAM_TIMEOUT,
  ERROR_CODE_USAGE_LIMIT,
  ERROR_CODES,
  type ErrorCode,
  isApiErrorBody,
} from './error-codes.js';
export {
  type ContentGap,
  type ContentGapReason,
  INSIGHTS_LIMITS,
  type InsightsDay,
  type InsightsQuery,
  type InsightsResponse,
} from './insights.js';
export {
  COMMENT_LENGTH_LIMIT,
  EMAIL_LENGTH_LIMIT,
  FOLLOW_UPS_LIMIT,
  ID_PATTERN,
  idRuleMessage,
  LIMITS,
  NAME_LENGTH_LIMIT,
  PAST_CONVERSATIONS_LIMIT,
  PHONE_LENGTH_LIMIT,
  QUERY_LENGTH_LIMIT,
} from './limits.js';
export type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionFinishReason,
  ChatCompletionRequest,
  ChatCompletionRequestMessage,
  ChatCompletionStreamEvent,
  ChatCompletionTextPart,
  ChatCompletionUsage,
  OpenAiErrorBody,
  OpenAiModel,
  OpenAiModelList,
} from './openai.js';
export { ProtocolError } from './protocol-error.js';
export {
  BROWSER_QUERY_FIELDS,
  POLICY_QUERY_FIELDS,
  type PolicyQueryField,
  type QueryFilters,
  type QueryRequest,
  type QueryResponse,
} from './query.js';
export { isQueryResponse } from './query-response-check.js';
export type {
  Agent,
  AgentCreateBody,
  AgentUpdateBody,
  Datasource,
  DatasourceUpdateBody,
  DatasourceUpdateResponse,
  DatasourceUpsertBody,
  DatasourceUpsertResponse,
  Datastore,
  DatastoreCreateBody,
  DatastoreUpdateBody,
  SyncSummary,
  UpsertDocument,
} from './resources.js';
export type { Source } from './source.js';
export {
  type ByteSource,
  createSseDecoder,
  decodeSseStream,
  parseErrorPayload,
  type SseDecoder,
  type SseDecoderOptions,
} from './sse-decoder.js';
export {
  createSseEncoder,
  encodeChatCompletionEvent,
  type SseEncoder,
  type SseEncoderOptions,
} from './sse-encoder.js';
export {
  type AnswerEvent,
  type DoneEvent,
  type EndpointResponseEvent,
  type ErrorEvent,
  type HeartbeatEvent,
  SSE_DIALECTS,
  SSE_HEADERS,
  type SseDialect,
  type StreamEvent,
} from './stream-event.js';
export { findForbiddenCharacter, hasNul } from './text-rules.js';
export {
  type DeleteConversationRequest,
  type DeleteConversationResponse,
  type FeedbackRequest,
  type FeedbackResponse,
  type HandoffRequest,
  type HandoffResponse,
  type MessagesRequest,
  type MessagesResponse,
  type PastConversation,
  type PastConversationsRequest,
  type PastConversationsResponse,
  WIDGET_CONVERSATION_PATHS,
} from './widget-conversations.js';

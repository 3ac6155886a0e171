import { SSE_HEADERS } from '@agent-chat/protocol';
import {
  agentCreateSchema,
  agentSchema,
  agentUpdateSchema,
  answerMetadataSchema,
  contactCaptureSettingsSchema,
  contactOfferSchema,
  contentGapSchema,
  conversationDetailSchema,
  conversationExportQuerySchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationMessageSchema,
  conversationStatusSchema,
  conversationSummarySchema,
  datasourceCreateSchema,
  datasourceSchema,
  datasourceUpdateResponseSchema,
  datasourceUpdateSchema,
  datasourceUploadFormSchema,
  datasourceUpsertResponseSchema,
  datasourceUpsertSchema,
  datastoreCreateSchema,
  datastoreQueryResponseSchema,
  datastoreQueryResultSchema,
  datastoreQuerySchema,
  datastoreSchema,
  datastoreUpdateSchema,
  deleteConversationRequestSchema,
  emptyBodySchema,
  evalAnswerResponseSchema,
  evalAnswerSchema,
  handoffSchema,
  healthResponseSchema,
  insightsQuerySchema,
  insightsResponseSchema,
  operatorMessageSchema,
  pastConversationsRequestSchema,
  queryFiltersSchema,
  queryRequestSchema,
  queryResponseSchema,
  sourceSchema,
  upsertDocumentSchema,
  visitorConversationDeletedSchema,
  visitorConversationsResponseSchema,
  visitorMessageSchema,
  visitorMessagesQuerySchema,
  visitorMessagesResponseSchema,
} from '@agent-chat/protocol/schemas';
import { z } from 'zod';
import type { RouteDoc } from './route-doc.js';

/** What `GET /api/openapi.json` answers: an OpenAPI 3.1 document (this one). */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * Schemas published by name under `components.schemas` (the names generated clients give
 * their types); a schema not named here is written inline where it is used. Responses are
 * described as the service sends them (zod output), requests as callers send them (input).
 */
export const NAMED_SCHEMAS = {
  responses: {
    Agent: agentSchema,
    ContactCaptureSettings: contactCaptureSettingsSchema,
    Datastore: datastoreSchema,
    Datasource: datasourceSchema,
    DatasourceUpsertResponse: datasourceUpsertResponseSchema,
    DatasourceUpdateResponse: datasourceUpdateResponseSchema,
    Source: sourceSchema,
    ContactOffer: contactOfferSchema,
    QueryResponse: queryResponseSchema,
    DatastoreQueryResult: datastoreQueryResultSchema,
    DatastoreQueryResponse: datastoreQueryResponseSchema,
    AnswerMetadata: answerMetadataSchema,
    ConversationMessage: conversationMessageSchema,
    VisitorMessage: visitorMessageSchema,
    ConversationSummary: conversationSummarySchema,
    ConversationDetail: conversationDetailSchema,
    ConversationListResponse: conversationListResponseSchema,
    EvalAnswerResponse: evalAnswerResponseSchema,
    VisitorMessagesResponse: visitorMessagesResponseSchema,
    VisitorConversationsResponse: visitorConversationsResponseSchema,
    ContentGap: contentGapSchema,
    InsightsResponse: insightsResponseSchema,
    HealthResponse: healthResponseSchema,
  },
  requests: {
    QueryRequest: queryRequestSchema,
    QueryFilters: queryFiltersSchema,
    AgentCreateBody: agentCreateSchema,
    AgentUpdateBody: agentUpdateSchema,
    DatastoreCreateBody: datastoreCreateSchema,
    DatastoreUpdateBody: datastoreUpdateSchema,
    DatastoreQueryRequest: datastoreQuerySchema,
    DatasourceCreateBody: datasourceCreateSchema,
    DatasourceUploadForm: datasourceUploadFormSchema,
    UpsertDocument: upsertDocumentSchema,
    DatasourceUpsertBody: datasourceUpsertSchema,
    DatasourceUpdateBody: datasourceUpdateSchema,
    ConversationStatusBody: conversationStatusSchema,
    OperatorMessageBody: operatorMessageSchema,
    EvalAnswerBody: evalAnswerSchema,
    HandoffBody: handoffSchema,
    VisitorConversationsBody: pastConversationsRequestSchema,
    VisitorConversationDeleteBody: deleteConversationRequestSchema,
  },
} as const satisfies Record<'responses' | 'requests', Record<string, z.ZodType>>;

/** The groups of {@link API_ROUTES} (`tag`), in the order the document lists them. */
export const API_TAGS: Record<string, string> = {
  Service: 'Health and this document (no key).',
  Query: 'Questions answered by an agent from its datastores, as JSON or a stream.',
  Agents: 'Assistants: prompts, model settings, the datastores they answer from.',
  Datastores: 'Searchable collections of datasources; search without an answer.',
  Datasources: 'Documents, web pages, web sites, Q&A and uploaded files, ingested by workers.',
  Conversations: 'Transcripts for operators: list, read, reply, status, export, delete.',
  'Visitor conversations':
    'What the BFF calls for a visitor it verified: votes, handoff, polling for replies.',
  Insights: 'What visitors ask and what the agents could not answer.',
};

const deleteBody = { body: emptyBodySchema, bodyOptional: true } as const;

const streamDescription = `With \`streaming: true\`: the answer as Server-Sent Events (headers ${Object.entries(
  SSE_HEADERS,
)
  .map(([name, value]) => `\`${name}: ${value}\``)
  .join(', ')}):
\`event: answer\` frames carry text fragments (several \`data:\` lines for multi-line text);
\`event: endpoint_response\` frames carry fragments of one JSON \`QueryResponse\` (concatenate them);
\`data: [DONE]\` ends the stream. \`: ping\` comment lines are heartbeats. A failure after the
first event is \`data: [ERROR]<CODE>: <message>\`, then the stream ends. Errors found before
the first event (404, 402, …) are JSON error responses, as in JSON mode.`;

/**
 * Every route of the agent service's public API: what `GET /api/openapi.json` publishes
 * and what the contract test (`openapi-contract.test.ts`) checks the live app against.
 * The test fails for any route the app serves that is missing here, and for any response
 * that does not match its schema.
 *
 * To add a route, add one entry: the method, the OpenAPI path (`/api/things/{id}`; paths
 * outside `/api`, such as `/v1/…`, are fine), a unique `operationId`, a `summary` and a
 * `tag` (one of {@link API_TAGS}, or a new one there); the zod schema the handler validates
 * with as `body` (JSON), `form` (multipart) or `query` (query string), imported, never
 * copied; its success `responses` (`{ 200: thingSchema }`, or `{ description, json, text }`
 * for a stream), where a new response schema goes in protocol's `response-schemas.ts` with
 * its type check; its `errors` beyond the automatic 400/401/413/500, and `errorBody` if
 * its errors are not `{"error":{"code","message"}}`. Name a schema in
 * {@link NAMED_SCHEMAS} to publish it as a type of its own. Then call the route in
 * `openapi-contract.test.ts`, which fails until every documented route has answered a
 * success there. For instance, the contacts and the OpenAI-compatible routes:
 *
 * @example
 * {
 *   method: 'delete', path: '/api/contacts/{id}', operationId: 'eraseContact',
 *   summary: 'Erase a contact and its visitor’s conversations', tag: 'Contacts',
 *   ...deleteBody, responses: { 200: contactErasureResponseSchema }, errors: [404],
 * },
 * {
 *   method: 'post', path: '/v1/chat/completions', operationId: 'createChatCompletion',
 *   summary: 'OpenAI-compatible chat completion (model = agent id)', tag: 'OpenAI-compatible',
 *   body: chatCompletionRequestSchema, errorBody: openAiErrorSchema,
 *   responses: { 200: { description: 'A completion, or chunks with `stream: true`',
 *     json: chatCompletionSchema, text: { 'text/event-stream': 'chat.completion.chunk events, then [DONE]' } } },
 *   errors: [[401, 'invalid_api_key'], [404, 'model_not_found'], [429, 'usage limit'], [502, 'the model failed']],
 * },
 */
export const API_ROUTES: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/healthz',
    operationId: 'health',
    summary: 'Liveness: answers while the process serves requests',
    tag: 'Service',
    auth: false,
    responses: { 200: healthResponseSchema },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document',
    description:
      'Generate a typed client from it, e.g. `npx openapi-typescript <service>/api/openapi.json -o api.d.ts`.',
    tag: 'Service',
    auth: false,
    responses: { 200: openApiDocumentSchema },
  },

  {
    method: 'post',
    path: '/api/agents/{id}/query',
    operationId: 'queryAgent',
    summary: 'Ask an agent a question: an answer grounded in its datastores, with sources',
    description:
      'Starts a conversation, or continues one with `conversationId` (and its `visitorId`). ' +
      'Answers `[n]` cite `sources` in order.',
    tag: 'Query',
    body: queryRequestSchema,
    responses: {
      200: {
        description: 'The answer: JSON, or an event stream with `streaming: true`.',
        json: queryResponseSchema,
        text: { 'text/event-stream': streamDescription },
      },
    },
    errors: [
      400,
      [402, 'USAGE_LIMIT: the organization’s query quota for the period is used up'],
      [403, 'FORBIDDEN: `filters.datastore_ids` names a datastore the agent does not search'],
      [404, 'NOT_FOUND: no such agent, or a conversation of another visitor or agent'],
    ],
  },

  {
    method: 'get',
    path: '/api/agents',
    operationId: 'listAgents',
    summary: 'List the organization’s agents',
    tag: 'Agents',
    responses: { 200: z.array(agentSchema) },
  },
  {
    method: 'post',
    path: '/api/agents',
    operationId: 'createAgent',
    summary: 'Create an agent',
    tag: 'Agents',
    body: agentCreateSchema,
    responses: { 201: agentSchema },
    errors: [400, [404, 'NOT_FOUND: a datastore in `datastoreIds` does not exist']],
  },
  {
    method: 'get',
    path: '/api/agents/{id}',
    operationId: 'getAgent',
    summary: 'Read an agent',
    tag: 'Agents',
    responses: { 200: agentSchema },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/agents/{id}',
    operationId: 'updateAgent',
    summary: 'Update an agent (only the fields sent)',
    tag: 'Agents',
    body: agentUpdateSchema,
    responses: { 200: agentSchema },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/agents/{id}',
    operationId: 'deleteAgent',
    summary: 'Delete an agent; answers it as it was',
    tag: 'Agents',
    ...deleteBody,
    responses: { 200: agentSchema },
    errors: [400, 404],
  },

  {
    method: 'get',
    path: '/api/datastores',
    operationId: 'listDatastores',
    summary: 'List the organization’s datastores',
    tag: 'Datastores',
    responses: { 200: z.array(datastoreSchema) },
  },
  {
    method: 'post',
    path: '/api/datastores',
    operationId: 'createDatastore',
    summary: 'Create a datastore',
    tag: 'Datastores',
    body: datastoreCreateSchema,
    responses: { 201: datastoreSchema },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/datastores/{id}',
    operationId: 'getDatastore',
    summary: 'Read a datastore',
    tag: 'Datastores',
    responses: { 200: datastoreSchema },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/datastores/{id}',
    operationId: 'updateDatastore',
    summary: 'Update a datastore (only the fields sent)',
    tag: 'Datastores',
    body: datastoreUpdateSchema,
    responses: { 200: datastoreSchema },
    errors: [[400, 'INVALID_REQUEST: a field is invalid, or `id` is not the path’s'], 404],
  },
  {
    method: 'delete',
    path: '/api/datastores/{id}',
    operationId: 'deleteDatastore',
    summary: 'Delete a datastore with its datasources; answers it as it was',
    tag: 'Datastores',
    ...deleteBody,
    responses: { 200: datastoreSchema },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/datastores/{id}/datasources',
    operationId: 'listDatasources',
    summary: 'List a datastore’s datasources, with their ingestion status',
    tag: 'Datastores',
    responses: { 200: z.array(datasourceSchema) },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/datastores/{id}/query',
    operationId: 'queryDatastore',
    summary: 'Search a datastore: the best fragments, no answer (LangChain’s ChaindeskRetriever)',
    tag: 'Datastores',
    body: datastoreQuerySchema,
    responses: { 200: datastoreQueryResponseSchema },
    errors: [
      400,
      [403, 'FORBIDDEN: `filters.datastore_ids` names another datastore than the path’s'],
      404,
    ],
  },
  {
    method: 'post',
    path: '/api/datastores/upsert/{id}',
    operationId: 'upsertDocuments',
    summary: 'Add text documents to a datastore; answers once they are indexed',
    tag: 'Datastores',
    deprecated: true,
    body: datasourceUpsertSchema,
    responses: { 200: datasourceUpsertResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/datastores/update/{id}',
    operationId: 'updateDocument',
    summary: 'Replace a text document of a datastore; answers once it is indexed',
    tag: 'Datastores',
    deprecated: true,
    body: datasourceUpdateSchema,
    responses: { 200: datasourceUpdateResponseSchema },
    errors: [400, 404],
  },

  {
    method: 'post',
    path: '/api/datasources',
    operationId: 'createDatasource',
    summary: 'Add a datasource (text, web page, web site, Q&A, or an uploaded file)',
    description:
      'Answers at once with the datasource `pending`; poll `GET /api/datasources/{id}` until ' +
      'it is `synched` or `error`. Files are sent as `multipart/form-data`, everything else as JSON.',
    tag: 'Datasources',
    body: datasourceCreateSchema,
    form: datasourceUploadFormSchema,
    responses: { 201: datasourceSchema },
    errors: [
      400,
      [404, 'NOT_FOUND: no such datastore (or datasource to replace)'],
      [415, 'UNSUPPORTED_TYPE: the file is not Markdown, HTML, PDF, DOCX or text'],
    ],
  },
  {
    method: 'get',
    path: '/api/datasources/{id}',
    operationId: 'getDatasource',
    summary: 'Read a datasource and its ingestion status',
    tag: 'Datasources',
    responses: { 200: datasourceSchema },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/datasources/{id}',
    operationId: 'deleteDatasource',
    summary: 'Delete a datasource and its indexed text; answers it as it was',
    tag: 'Datasources',
    ...deleteBody,
    responses: { 200: datasourceSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/datasources/{id}/synch',
    operationId: 'synchDatasource',
    summary: 'Ingest a datasource again (fetch its page or site anew)',
    tag: 'Datasources',
    ...deleteBody,
    responses: { 200: datasourceSchema },
    errors: [400, 404],
  },

  {
    method: 'get',
    path: '/api/conversations',
    operationId: 'listConversations',
    summary: 'List conversations, newest first: filters, full-text `q`, pages by `cursor`',
    tag: 'Conversations',
    query: conversationListQuerySchema,
    responses: { 200: conversationListResponseSchema },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/conversations/export',
    operationId: 'exportConversations',
    summary: 'Export every matching conversation, streamed',
    tag: 'Conversations',
    query: conversationExportQuerySchema,
    responses: {
      200: {
        description: 'A file download (`Content-Disposition: attachment`).',
        text: {
          'application/x-ndjson':
            '`format=jsonl` (default): one `ConversationDetail` JSON object per line.',
          'text/csv':
            '`format=csv`: a header row, then one row per message; cells that a spreadsheet would run as a formula are escaped.',
        },
      },
    },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/conversations/update-status',
    operationId: 'updateConversationStatus',
    summary: 'Set a conversation’s status (`open` hands it back to the AI)',
    tag: 'Conversations',
    body: conversationStatusSchema,
    responses: { 200: conversationSummarySchema },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/conversations/{id}',
    operationId: 'getConversation',
    summary: 'Read a conversation with every message',
    tag: 'Conversations',
    responses: { 200: conversationDetailSchema },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/conversations/{id}',
    operationId: 'deleteConversation',
    summary: 'Delete a conversation and its messages; answers its summary as it was',
    tag: 'Conversations',
    ...deleteBody,
    responses: { 200: conversationSummarySchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/conversations/{id}/messages',
    operationId: 'addOperatorMessage',
    summary: 'Reply to a conversation as a person (the visitor sees it when polling)',
    tag: 'Conversations',
    body: operatorMessageSchema,
    responses: { 201: conversationMessageSchema },
    errors: [400, 404],
  },

  {
    method: 'post',
    path: '/api/conversations/eval-answer',
    operationId: 'evalAnswer',
    summary: 'A visitor’s vote on an answer (set, change, or clear with `eval: null`)',
    description: 'Called by the BFF for a visitor it verified. Another visitor’s message is 404.',
    tag: 'Visitor conversations',
    body: evalAnswerSchema,
    responses: { 200: evalAnswerResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/conversations/{id}/handoff',
    operationId: 'requestHandoff',
    summary: 'A visitor asks for a person: the AI stays silent until an operator hands back',
    description:
      'Called by the BFF for a visitor it verified. Another visitor’s conversation is 404.',
    tag: 'Visitor conversations',
    body: handoffSchema,
    responses: {
      200: conversationSummarySchema.extend({ contactCapture: contactOfferSchema.exactOptional() }),
    },
    errors: [400, [403, 'HANDOFF_DISABLED: the agent does not offer a person'], 404],
  },
  {
    method: 'get',
    path: '/api/conversations/{id}/messages',
    operationId: 'getVisitorMessages',
    summary: 'A visitor polls a conversation for replies (after a message id)',
    description:
      'Called by the BFF for a visitor it verified. Another visitor’s conversation is 404.',
    tag: 'Visitor conversations',
    query: visitorMessagesQuerySchema,
    responses: { 200: visitorMessagesResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/agents/{id}/visitor-conversations',
    operationId: 'listVisitorConversations',
    summary: 'A visitor’s own conversations with an agent, among the ids asked about',
    description:
      'Called by the BFF for a visitor it verified, with the conversation ids the widget kept (at most 20). Most recently updated first, each with its first question (at most 200 characters) and status; ids that are unknown or someone else’s are left out.',
    tag: 'Visitor conversations',
    body: pastConversationsRequestSchema,
    responses: { 200: visitorConversationsResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/agents/{id}/visitor-conversations/delete',
    operationId: 'deleteVisitorConversation',
    summary: 'A visitor erases one of their conversations with an agent, and its messages',
    description:
      'Called by the BFF for a visitor it verified. Another visitor’s or agent’s conversation is 404.',
    tag: 'Visitor conversations',
    body: deleteConversationRequestSchema,
    responses: { 200: visitorConversationDeletedSchema },
    errors: [400, 404],
  },

  {
    method: 'get',
    path: '/api/insights',
    operationId: 'getInsights',
    summary: 'Questions per day, votes, answers without sources, and content gaps',
    tag: 'Insights',
    query: insightsQuerySchema,
    responses: { 200: insightsResponseSchema },
    errors: [400],
  },
];

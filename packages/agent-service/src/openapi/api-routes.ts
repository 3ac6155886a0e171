import { SSE_HEADERS } from '@agent-chat/protocol';
import {
  agentCreateSchema,
  agentSchema,
  agentUpdateSchema,
  answerMetadataSchema,
  chatCompletionChunkSchema,
  chatCompletionRequestSchema,
  chatCompletionSchema,
  contactCaptureSettingsSchema,
  contactErasureResponseSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactOfferSchema,
  contactSchema,
  contactSubmissionSchema,
  contentGapSchema,
  conversationDetailSchema,
  conversationExportQuerySchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationMessageSchema,
  conversationStatusSchema,
  conversationSummarySchema,
  datasourceCreateSchema,
  datasourcePatchSchema,
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
  deliveryListQuerySchema,
  deliveryListResponseSchema,
  deliverySchema,
  emptyBodySchema,
  evalAnswerResponseSchema,
  evalAnswerSchema,
  handoffSchema,
  handoffSummarySchema,
  healthResponseSchema,
  insightsQuerySchema,
  insightsResponseSchema,
  modelListSchema,
  modelSchema,
  openAiErrorSchema,
  operatorMessageSchema,
  operatorReplyResponseSchema,
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
    OperatorReplyResponse: operatorReplyResponseSchema,
    VisitorMessage: visitorMessageSchema,
    ConversationSummary: conversationSummarySchema,
    HandoffSummary: handoffSummarySchema,
    ConversationDetail: conversationDetailSchema,
    ConversationListResponse: conversationListResponseSchema,
    EvalAnswerResponse: evalAnswerResponseSchema,
    VisitorMessagesResponse: visitorMessagesResponseSchema,
    VisitorConversationsResponse: visitorConversationsResponseSchema,
    ContentGap: contentGapSchema,
    InsightsResponse: insightsResponseSchema,
    Contact: contactSchema,
    ContactListResponse: contactListResponseSchema,
    ContactErasureResponse: contactErasureResponseSchema,
    Delivery: deliverySchema,
    DeliveryListResponse: deliveryListResponseSchema,
    HealthResponse: healthResponseSchema,
    Model: modelSchema,
    ModelList: modelListSchema,
    ChatCompletion: chatCompletionSchema,
    ChatCompletionChunk: chatCompletionChunkSchema,
    OpenAiError: openAiErrorSchema,
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
    DatasourcePatchBody: datasourcePatchSchema,
    ConversationStatusBody: conversationStatusSchema,
    OperatorMessageBody: operatorMessageSchema,
    EvalAnswerBody: evalAnswerSchema,
    HandoffBody: handoffSchema,
    ContactSubmission: contactSubmissionSchema,
    ChatCompletionRequest: chatCompletionRequestSchema,
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
  Contacts: 'Contact details visitors left with an agent: list, export, erase.',
  Insights: 'What visitors ask and what the agents could not answer.',
  Deliveries: 'The outbox: mails and signed webhook events, with their attempts and errors.',
  'OpenAI-compatible':
    'The agents as OpenAI models (model = agent id), for OpenAI SDKs and tools; errors in OpenAI’s shape.',
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

const chatStreamDescription = `With \`stream: true\`: OpenAI's stream, as Server-Sent Events.
Each \`data:\` line is one \`ChatCompletionChunk\` JSON: the first names the \`assistant\` role,
then one per text fragment (\`delta.content\`), and a last one with \`finish_reason: "stop"\`,
the estimated \`usage\`, \`sources\`, \`conversation_id\` and \`visitor_id\`; then \`data: [DONE]\`.
\`: ping\` comment lines are heartbeats. A failure after the first chunk is one
\`data: {"error":{…}}\` event (\`OpenAiError\`, which the SDKs raise), and nothing follows.`;

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
 * success there. For instance, two entries below (a delete; a route with OpenAI's errors):
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
    method: 'patch',
    path: '/api/datasources/{id}',
    operationId: 'updateDatasource',
    summary: 'Rename a datasource, or set a web page’s or site’s sync schedule',
    description:
      '`config.sync_interval_minutes` (or `null` for manual syncs) sets `nextSynch`, counted ' +
      'from the last sync: a source last synched longer ago is due at once. Nothing is ' +
      're-ingested by this call; `POST /api/datasources/{id}/synch` does that.',
    tag: 'Datasources',
    body: datasourcePatchSchema,
    responses: { 200: datasourceSchema },
    errors: [
      [
        400,
        'INVALID_REQUEST: a field is invalid or cannot be changed, an interval below the service’s minimum (`SYNC_MIN_INTERVAL_MINUTES`), or a schedule on a datasource that is not a web page or site of its own',
      ],
      404,
    ],
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
    description:
      'When the visitor left a contact and mail is configured, the reply is also mailed to them (`emailedTo`).',
    tag: 'Conversations',
    body: operatorMessageSchema,
    responses: { 201: operatorReplyResponseSchema },
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
    responses: { 200: handoffSummarySchema },
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
    method: 'post',
    path: '/api/agents/{id}/contacts',
    operationId: 'saveContact',
    summary: 'Store a visitor’s contact details for an agent (201 new, 200 updated)',
    description:
      'Called by the BFF for a visitor it verified; one contact per visitor and agent. ' +
      'A `conversationId` must be this visitor’s conversation with this agent.',
    tag: 'Contacts',
    body: contactSubmissionSchema,
    responses: { 200: contactSchema, 201: contactSchema },
    errors: [
      [
        400,
        'INVALID_REQUEST: a field is invalid, or required or not asked for by the agent’s form',
      ],
      [403, 'CONTACT_CAPTURE_DISABLED: the agent does not take contact details'],
      [404, 'NOT_FOUND: no such agent, or a conversation of another visitor or agent'],
    ],
  },
  {
    method: 'get',
    path: '/api/contacts',
    operationId: 'listContacts',
    summary: 'List contacts, newest first: filter by agent, search `q`, pages by `cursor`',
    tag: 'Contacts',
    query: contactListQuerySchema,
    responses: {
      200: {
        description: 'A page of contacts, or with `format=csv` every match as a file download.',
        json: contactListResponseSchema,
        text: {
          'text/csv':
            '`format=csv` (`Content-Disposition: attachment`): a header row, then one row per contact; cells that a spreadsheet would run as a formula are escaped.',
        },
      },
    },
    errors: [400],
  },
  {
    method: 'delete',
    path: '/api/contacts/{id}',
    operationId: 'eraseContact',
    summary: 'Erase a contact and its visitor’s conversations with the agent',
    tag: 'Contacts',
    ...deleteBody,
    responses: { 200: contactErasureResponseSchema },
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

  {
    method: 'get',
    path: '/api/deliveries',
    operationId: 'listDeliveries',
    summary: 'The delivery log: mails and webhook events, newest first, with status and last error',
    tag: 'Deliveries',
    query: deliveryListQuerySchema,
    responses: { 200: deliveryListResponseSchema },
    errors: [400],
  },

  {
    method: 'get',
    path: '/v1/models',
    operationId: 'listModels',
    summary: 'The organization’s agents as OpenAI models (the model id is the agent id)',
    tag: 'OpenAI-compatible',
    errorBody: openAiErrorSchema,
    responses: { 200: modelListSchema },
    errors: [[401, 'invalid_api_key: the API key is missing or unknown']],
  },
  {
    method: 'get',
    path: '/v1/models/{id}',
    operationId: 'getModel',
    summary: 'One agent as an OpenAI model',
    tag: 'OpenAI-compatible',
    errorBody: openAiErrorSchema,
    responses: { 200: modelSchema },
    errors: [
      [401, 'invalid_api_key: the API key is missing or unknown'],
      [404, 'model_not_found: no such agent in the organization'],
    ],
  },
  {
    method: 'post',
    path: '/v1/chat/completions',
    operationId: 'createChatCompletion',
    summary: 'OpenAI-compatible chat completion, answered by the agent named by `model`',
    description:
      'The last `user` message is the question, earlier messages its history; each call is ' +
      'a conversation of its own for the visitor `user`. Besides OpenAI’s fields, answers ' +
      'carry `sources`, `conversation_id` and `visitor_id`.',
    tag: 'OpenAI-compatible',
    body: chatCompletionRequestSchema,
    errorBody: openAiErrorSchema,
    responses: {
      200: {
        description: 'A `chat.completion`, or a stream of chunks with `stream: true`.',
        json: chatCompletionSchema,
        text: { 'text/event-stream': chatStreamDescription },
      },
    },
    errors: [
      [400, 'invalid_request_error: the body is invalid (`param` names the field)'],
      [401, 'invalid_api_key: the API key is missing or unknown'],
      [404, 'model_not_found: no such agent in the organization'],
      [413, 'invalid_request_error: the body is larger than the service accepts'],
      [429, 'insufficient_quota: the organization’s query quota for the period is used up'],
      [500, 'server_error: the service failed to answer'],
      [502, 'server_error (`upstream_error`, `upstream_auth`): the model provider failed'],
      [504, 'server_error (`upstream_timeout`): the model provider did not answer in time'],
    ],
  },
];

/**
 * The route registry of the OpenAPI document: every route of the public API, resource by
 * resource in the order the document lists them (each resource's routes in its own
 * `*-route-docs.ts`), and the groups (tags) they are listed under.
 */
import { AGENT_ROUTE_DOCS } from './agent-route-docs.js';
import { CONTACT_ROUTE_DOCS } from './contact-route-docs.js';
import { CONVERSATION_ROUTE_DOCS } from './conversation-route-docs.js';
import { DATASOURCE_ROUTE_DOCS } from './datasource-route-docs.js';
import { DATASTORE_ROUTE_DOCS } from './datastore-route-docs.js';
import { DELIVERY_ROUTE_DOCS } from './delivery-route-docs.js';
import { INSIGHTS_ROUTE_DOCS } from './insights-route-docs.js';
import { INTEGRATION_ROUTE_DOCS } from './integration-route-docs.js';
import { MCP_ROUTE_DOCS } from './mcp-route-docs.js';
import { OPENAI_ROUTE_DOCS } from './openai-route-docs.js';
import { QUERY_ROUTE_DOCS } from './query-route-docs.js';
import type { RouteDoc } from './route-doc.js';
import { SERVICE_ROUTE_DOCS } from './service-route-docs.js';
import { USER_ROUTE_DOCS } from './user-route-docs.js';
import { VISITOR_CONVERSATION_ROUTE_DOCS } from './visitor-conversation-route-docs.js';

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
  'Signed-in users':
    'Visitors the BFF verified as a host site’s users: attributes, merge at sign-in, erasure.',
  Insights: 'What visitors ask and what the agents could not answer.',
  Deliveries: 'The outbox: mails and signed webhook events, with their attempts and errors.',
  Integrations:
    'Agents answering in Slack and Discord: credentials (never read back), and the signed endpoints the platforms post to.',
  MCP: 'Each agent’s knowledge as a Model Context Protocol server, for AI coding tools.',
  'OpenAI-compatible':
    'The agents as OpenAI models (model = agent id), for OpenAI SDKs and tools; errors in OpenAI’s shape.',
};

/**
 * Every route of the agent service's public API: what `GET /api/openapi.json` publishes
 * and what the contract test (`openapi-contract.test.ts`) checks the live app against.
 * The test fails for any route the app serves that is missing here, and for any response
 * that does not match its schema.
 *
 * To add a route, add one entry to its resource's list (`agent-route-docs.ts` describes
 * api/'s `agent-routes.ts`, and so on; a new resource's list is added below): the method,
 * the OpenAPI path (`/api/things/{id}`; paths outside `/api`, such as `/v1/…`, are fine), a
 * unique `operationId`, a `summary` and a `tag` (one of {@link API_TAGS}, or a new one
 * there); the zod schema the handler validates with as `body` (JSON), `form` (multipart) or
 * `query` (query string), imported, never copied; its success `responses`
 * (`{ 200: thingSchema }`, or `{ description, json, text }` for a stream), where a new
 * response schema goes in its resource's file of protocol's `schemas/responses/`, with its
 * type check in `response-schemas.test.ts`; its `errors` beyond the automatic
 * 400/401/413/500, and `errorBody` if its errors are not `{"error":{"code","message"}}`. Name a schema in `NAMED_SCHEMAS` (named-schemas.ts) to
 * publish it as a type of its own. Then call the route in `openapi-contract.test.ts`, which
 * fails until every documented route has answered a success there. For instance, two
 * entries of those lists (a delete; a route with OpenAI's errors):
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
  ...SERVICE_ROUTE_DOCS,
  ...QUERY_ROUTE_DOCS,
  ...AGENT_ROUTE_DOCS,
  ...DATASTORE_ROUTE_DOCS,
  ...DATASOURCE_ROUTE_DOCS,
  ...CONVERSATION_ROUTE_DOCS,
  ...VISITOR_CONVERSATION_ROUTE_DOCS,
  ...CONTACT_ROUTE_DOCS,
  ...USER_ROUTE_DOCS,
  ...INSIGHTS_ROUTE_DOCS,
  ...DELIVERY_ROUTE_DOCS,
  ...INTEGRATION_ROUTE_DOCS,
  ...MCP_ROUTE_DOCS,
  ...OPENAI_ROUTE_DOCS,
];

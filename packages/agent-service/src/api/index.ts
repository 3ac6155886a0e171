/**
 * The HTTP API: the Express app with its routes (query, agents, datastores,
 * datasources, conversations: transcripts, export, feedback, handoff), Bearer-key authentication, body validation against the protocol's
 * schemas, the conversion of errors to `{"error":{"code","message"}}` responses and the
 * published OpenAPI document (`GET /api/openapi.json`, from openapi/). The query route
 * validates a query and hands it to `asking/`; `/v1` is `openai-compat/`'s.
 */
export { createHttpApp } from './http-app.js';
export type { ServiceContext } from './service-context.js';

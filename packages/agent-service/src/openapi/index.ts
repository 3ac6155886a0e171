/**
 * The published OpenAPI 3.1 document of the service (`GET /api/openapi.json`): the route
 * registry (`API_ROUTES`, one `*-route-docs.ts` list per resource: method, path, summary,
 * auth, the zod schemas each route validates with, its responses and errors; the named
 * schemas) and the builder that turns it into the document with zod's JSON Schema output
 * (the document, each operation, the schema components). A contract test holds the
 * registry to the app.
 */
export { agentServiceOpenApiDocument } from './agent-service-document.js';

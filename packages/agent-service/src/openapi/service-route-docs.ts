/**
 * The Service routes of the OpenAPI registry: liveness (`GET /healthz`) and this document
 * (`GET /api/openapi.json`), both without a key; served by api/'s http-app and openapi-route.
 */
import { healthResponseSchema } from '@agent-chat/protocol/schemas';
import { z } from 'zod';
import type { RouteDoc } from './route-doc.js';

/** What `GET /api/openapi.json` answers: an OpenAPI 3.1 document (this one). */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** The Service routes (`GET /healthz`, `GET /api/openapi.json`), as the document publishes them. */
export const SERVICE_ROUTE_DOCS: readonly RouteDoc[] = [
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
];

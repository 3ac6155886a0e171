/**
 * The builder of the OpenAPI 3.1 document: from the route registry, the named schemas and
 * the tags to the document (paths, components, security), refusing a route documented
 * twice, a reused `operationId` or an undeclared tag.
 */
import { apiErrorBodySchema } from '@agent-chat/protocol/schemas';
import { z } from 'zod';
import { type OperationSchemas, operationOf } from './openapi-operation.js';
import type { OpenApiDocument } from './openapi-types.js';
import type { ResponseDoc, RouteDoc } from './route-doc.js';
import { convertSchemas } from './schema-components.js';

/** Options of {@link buildOpenApiDocument}. */
export interface OpenApiDocumentOptions {
  /** The routes, in the order the document lists them. */
  routes: readonly RouteDoc[];
  /** Schemas published under `components.schemas` by name (see `NAMED_SCHEMAS`). */
  named: { responses: Record<string, z.ZodType>; requests: Record<string, z.ZodType> };
  /** The groups routes are listed under (`RouteDoc.tag`), in order, with what each holds. */
  tags: Record<string, string>;
  info: OpenApiDocument['info'];
}

/** Name of the error body's schema under `components.schemas`. */
const ERROR_SCHEMA = 'ApiError';
const SECURITY_SCHEME = 'apiKey';

/** The schemas a success response names: its JSON body's (a stream or a file names none). */
function responseSchemasOf(response: ResponseDoc): z.ZodType[] {
  if (response instanceof z.ZodType) return [response];
  return response.json ? [response.json] : [];
}

/**
 * Builds the OpenAPI 3.1 document of `routes` from their zod schemas (zod's JSON Schema
 * output, 2020-12): request bodies, multipart forms and query strings as callers send them,
 * responses as the service sends them, every error as `ApiError`
 * (`{"error":{"code","message"}}`; 400 wherever a route takes input, 401 with a key, 413
 * with a body, 500 everywhere), and `Authorization: Bearer <key>` on every route but
 * those with `auth: false`. Throws when two routes share a method and path or an
 * `operationId`, so a registry mistake fails at start-up and in tests, not in a client.
 *
 * @example
 * const document = buildOpenApiDocument({ routes: API_ROUTES, named: NAMED_SCHEMAS, info });
 */
export function buildOpenApiDocument(options: OpenApiDocumentOptions): OpenApiDocument {
  const { routes, named, info, tags } = options;
  const responseNamed = { ...named.responses, [ERROR_SCHEMA]: apiErrorBodySchema };
  const clash = Object.keys(named.requests).find((name) => name in responseNamed);
  if (clash !== undefined)
    throw new Error(`Schema name "${clash}" is both a request and a response.`);
  const requests = convertSchemas(
    'input',
    named.requests,
    routes.flatMap((route) => [route.body, route.form, route.query].filter((s) => s !== undefined)),
  );
  const responses = convertSchemas(
    'output',
    responseNamed,
    routes.flatMap((route) => [
      ...Object.values(route.responses).flatMap(responseSchemasOf),
      ...(route.errorBody ? [route.errorBody] : []),
    ]),
  );

  const schemas: OperationSchemas = {
    requests,
    responses,
    // A `$ref` to `ApiError`: the schema is named above.
    apiError: responses.schemaOf(apiErrorBodySchema),
  };
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    const operations = paths[route.path] ?? {};
    paths[route.path] = operations;
    if (operations[route.method] !== undefined) {
      throw new Error(`${route.method.toUpperCase()} ${route.path} is documented twice.`);
    }
    if (operationIds.has(route.operationId)) {
      throw new Error(`operationId "${route.operationId}" is used twice.`);
    }
    operationIds.add(route.operationId);
    if (!(route.tag in tags))
      throw new Error(`Tag "${route.tag}" of ${route.operationId} is not declared.`);
    operations[route.method] = operationOf(route, schemas);
  }

  return {
    openapi: '3.1.0',
    info,
    // Relative: the service that serves the document is the one it describes.
    servers: [{ url: '/', description: 'The service this document is served by' }],
    security: [{ [SECURITY_SCHEME]: [] }],
    tags: Object.entries(tags).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ...responses.components, ...requests.components },
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An organization API key: `Authorization: Bearer <key>` (create one with `agent-chat-service keys create`).',
        },
      },
    },
  };
}

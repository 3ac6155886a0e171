import { ERROR_CODES, ID_PATTERN } from '@agent-chat/protocol';
import { apiErrorBodySchema } from '@agent-chat/protocol/schemas';
import { z } from 'zod';
import type { ErrorStatus, ResponseDoc, RouteDoc } from './route-doc.js';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as the document holds it. */
export type JsonSchema = Record<string, unknown>;

/** One operation of the document (the fields this service writes). */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: {
    name: string;
    in: 'path' | 'query';
    required: boolean;
    schema: JsonSchema;
    description?: string;
  }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, { description: string; schema: JsonSchema }>;
      content?: Record<string, { schema: JsonSchema }>;
    }
  >;
}

/** An OpenAPI 3.1 document. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<RouteDoc['method'], OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

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
const COMPONENTS = '#/components/schemas/';
const INLINE_PREFIX = '__inline_';

/** What each error status means, and the `ApiError` code it comes with. */
const ERROR_MEANINGS: Record<ErrorStatus, { code: string; text: string }> = {
  400: {
    code: ERROR_CODES.invalidRequest,
    text: 'the body, the query string or an id in the path is invalid; the message names the field and the rule',
  },
  401: { code: ERROR_CODES.unauthorized, text: 'the API key is missing or unknown' },
  402: { code: ERROR_CODES.usageLimit, text: "the organization's query quota is used up" },
  403: { code: ERROR_CODES.forbidden, text: 'not allowed' },
  404: {
    code: ERROR_CODES.notFound,
    text: 'no such resource in the organization (or no such route)',
  },
  413: {
    code: ERROR_CODES.payloadTooLarge,
    text: 'the body or the file is larger than the service accepts',
  },
  415: { code: ERROR_CODES.unsupportedType, text: "the file's type cannot be ingested" },
  429: { code: ERROR_CODES.rateLimited, text: 'too many requests; retry later' },
  500: {
    code: ERROR_CODES.internal,
    text: 'the service failed; the details are in its log, never in the answer',
  },
  502: {
    code: ERROR_CODES.upstreamError,
    text: 'the language model failed or could not be reached',
  },
  503: {
    code: ERROR_CODES.unavailable,
    text: 'a store the service needs is unavailable; retry later',
  },
  504: { code: ERROR_CODES.upstreamTimeout, text: 'the language model did not answer in time' },
};

/**
 * Converts zod schemas to JSON Schema in one direction (`input`: what callers send,
 * `output`: what the service answers): the named ones as components that refer to each
 * other by `$ref`, any other one written out in place (`schemaOf`).
 */
function convertSchemas(
  io: 'input' | 'output',
  named: Record<string, z.ZodType>,
  used: readonly z.ZodType[],
) {
  const registry = z.registry<{ id: string }>();
  const names = new Map<z.ZodType, string>();
  for (const [name, schema] of Object.entries(named)) {
    registry.add(schema, { id: name });
    names.set(schema, name);
  }
  const inline = new Map<z.ZodType, string>();
  for (const schema of used) {
    if (names.has(schema) || inline.has(schema)) continue;
    const id = `${INLINE_PREFIX}${inline.size}`;
    registry.add(schema, { id });
    inline.set(schema, id);
  }
  const converted = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'throw',
    uri: (id) => `${COMPONENTS}${id}`,
  }).schemas;
  for (const schema of Object.values(converted)) {
    // OpenAPI 3.1 sets the dialect; a fragment-only `$id` is not valid JSON Schema.
    delete schema.$schema;
    delete schema.$id;
  }
  const components: Record<string, JsonSchema> = {};
  for (const name of Object.keys(named)) components[name] = converted[name] as JsonSchema;
  const text = JSON.stringify(converted);
  if (text.includes(`"${COMPONENTS}${INLINE_PREFIX}`)) {
    throw new Error(
      'An unnamed schema of a route is part of another route schema: name it in NAMED_SCHEMAS.',
    );
  }
  return {
    components,
    schemaOf(schema: z.ZodType): JsonSchema {
      const name = names.get(schema);
      if (name !== undefined) return { $ref: `${COMPONENTS}${name}` };
      return converted[inline.get(schema) as string] as JsonSchema;
    },
    /** The object schema itself, also when it is named (for query parameters). */
    objectOf(schema: z.ZodType): JsonSchema {
      const name = names.get(schema);
      return (name !== undefined ? converted[name] : converted[inline.get(schema) as string]) ?? {};
    },
  };
}

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
    operations[route.method] = operationOf(route);
  }

  function operationOf(route: RouteDoc): OpenApiOperation {
    const parameters: NonNullable<OpenApiOperation['parameters']> = [
      ...route.path.matchAll(/\{(\w+)\}/g),
    ].map(([, name]) => ({
      name: name as string,
      in: 'path' as const,
      required: true,
      schema: { type: 'string', pattern: ID_PATTERN.source },
    }));
    if (route.query !== undefined) {
      const query = requests.objectOf(route.query);
      const required = (query.required ?? []) as string[];
      const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
      for (const [name, schema] of Object.entries(properties)) {
        const { description, ...rest } = schema;
        parameters.push({
          name,
          in: 'query',
          required: required.includes(name),
          schema: rest,
          ...(typeof description === 'string' ? { description } : {}),
        });
      }
    }
    const content: Record<string, { schema: JsonSchema }> = {};
    if (route.body) content['application/json'] = { schema: requests.schemaOf(route.body) };
    if (route.form) content['multipart/form-data'] = { schema: requests.schemaOf(route.form) };
    const authenticated = route.auth !== false;

    const operationResponses: OpenApiOperation['responses'] = {};
    for (const [status, response] of Object.entries(route.responses)) {
      const description =
        response instanceof z.ZodType
          ? status === '201'
            ? 'Created'
            : 'OK'
          : response.description;
      const bodies: Record<string, { schema: JsonSchema }> = {};
      const headers: Record<string, { description: string; schema: JsonSchema }> = {};
      if (response instanceof z.ZodType) {
        bodies['application/json'] = { schema: responses.schemaOf(response) };
      } else {
        if (response.json)
          bodies['application/json'] = { schema: responses.schemaOf(response.json) };
        for (const [mediaType, text] of Object.entries(response.text ?? {})) {
          bodies[mediaType] = { schema: { type: 'string', description: text } };
        }
        for (const [name, text] of Object.entries(response.headers ?? {})) {
          headers[name] = { description: text, schema: { type: 'string' } };
        }
      }
      if (route.deprecated) {
        headers.Deprecation = {
          description: '`true`: the route is deprecated (still served)',
          schema: { type: 'string', const: 'true' },
        };
      }
      operationResponses[status] = {
        description,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        content: bodies,
      };
    }
    const errorSchema = route.errorBody
      ? responses.schemaOf(route.errorBody)
      : { $ref: `${COMPONENTS}${ERROR_SCHEMA}` };
    // The default meaning, with its ApiError code unless the route answers another shape.
    const meaning = (status: ErrorStatus) => {
      const { code, text } = ERROR_MEANINGS[status];
      return route.errorBody ? text : `${code}: ${text}`;
    };
    const errors = new Map<number, string>();
    for (const entry of route.errors ?? []) {
      const [status, text] = typeof entry === 'number' ? [entry, undefined] : entry;
      errors.set(status, text ?? meaning(status));
    }
    const takesInput = parameters.length > 0 || route.body || route.form;
    if (takesInput && !errors.has(400)) errors.set(400, meaning(400));
    if (authenticated && !errors.has(401)) errors.set(401, meaning(401));
    if ((route.body || route.form) && !errors.has(413)) errors.set(413, meaning(413));
    if (!errors.has(500)) errors.set(500, meaning(500));
    for (const status of [...errors.keys()].sort((a, b) => a - b)) {
      operationResponses[String(status)] = {
        description: errors.get(status) as string,
        content: { 'application/json': { schema: errorSchema } },
      };
    }

    return {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description === undefined ? {} : { description: route.description }),
      tags: [route.tag],
      ...(route.deprecated ? { deprecated: true } : {}),
      ...(authenticated ? {} : { security: [] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(Object.keys(content).length > 0
        ? { requestBody: { required: route.bodyOptional !== true, content } }
        : {}),
      responses: operationResponses,
    };
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

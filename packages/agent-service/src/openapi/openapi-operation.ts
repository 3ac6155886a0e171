/**
 * One route of the registry as an OpenAPI operation: its path and query parameters, its
 * request bodies, its success responses (JSON, streams and files, the `Deprecation` header)
 * and its error responses, with the statuses every route gets (400, 401, 413, 500) and what
 * each status means.
 */
import { ERROR_CODES, ID_PATTERN } from '@agent-chat/protocol';
import { z } from 'zod';
import type { JsonSchema, OpenApiOperation } from './openapi-types.js';
import type { ErrorStatus, RouteDoc } from './route-doc.js';
import type { SchemaComponents } from './schema-components.js';

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

/** What {@link operationOf} writes an operation with. */
export interface OperationSchemas {
  /** The request schemas (bodies, forms, query strings) as callers send them. */
  requests: SchemaComponents;
  /** The response schemas as the service sends them. */
  responses: SchemaComponents;
  /** The schema of error bodies of routes without their own `errorBody` (`ApiError`). */
  apiError: JsonSchema;
}

/**
 * The OpenAPI operation of `route`: path parameters (ids, `ID_PATTERN`) and query
 * parameters, the JSON or multipart body, the success responses, and the error responses
 * (the route's own, plus 400 when it takes input, 401 with a key, 413 with a body and 500),
 * each with its `ApiError` code unless the route has its own `errorBody`.
 */
export function operationOf(route: RouteDoc, schemas: OperationSchemas): OpenApiOperation {
  const { requests, responses } = schemas;
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
      response instanceof z.ZodType ? (status === '201' ? 'Created' : 'OK') : response.description;
    const bodies: Record<string, { schema: JsonSchema }> = {};
    const headers: Record<string, { description: string; schema: JsonSchema }> = {};
    if (response instanceof z.ZodType) {
      bodies['application/json'] = { schema: responses.schemaOf(response) };
    } else {
      if (response.json) bodies['application/json'] = { schema: responses.schemaOf(response.json) };
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
  const errorSchema = route.errorBody ? responses.schemaOf(route.errorBody) : schemas.apiError;
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

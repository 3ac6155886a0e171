/**
 * The shape of one entry of the OpenAPI route registry (`RouteDoc`: method, path, auth,
 * request schemas, responses, errors), the statuses and response forms it can name, and
 * the `{}` body deletes share.
 */
import { emptyBodySchema } from '@agent-chat/protocol/schemas';
import type { z } from 'zod';

/** HTTP methods the API uses. */
export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

/**
 * Error statuses a route documents; each answers `{"error":{"code","message"}}`
 * (`ApiError`) unless the route names another `errorBody`. The document adds 400 (routes
 * that take input), 401 (routes with a key), 413 (routes with a body) and 500 (every
 * route) itself; list them only to say what they mean on the route.
 */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 413 | 415 | 429 | 500 | 502 | 503 | 504;

/** A success response: a JSON schema, or bodies by media type. */
export type ResponseDoc =
  | z.ZodType
  | {
      description: string;
      /** The `application/json` body. */
      json?: z.ZodType;
      /**
       * Bodies that are not one JSON value, by media type (`text/event-stream`, `text/csv`,
       * `application/x-ndjson`), with what they hold: framing, what each event or line is.
       */
      text?: Record<string, string>;
      /** Response headers by name, with what they mean. */
      headers?: Record<string, string>;
    };

/**
 * One route of the public API, as the OpenAPI document publishes it. Request schemas are
 * the very zod schemas the route validates with; response schemas are the protocol's.
 */
export interface RouteDoc {
  method: HttpMethod;
  /** The full path in OpenAPI form: `/api/agents/{id}` (path parameters are ids). */
  path: string;
  /** Unique name of the operation, used by client generators (`listAgents`). */
  operationId: string;
  /** One line: what the route does. */
  summary: string;
  /** More, when one line is not enough (Markdown). */
  description?: string;
  /** The group it is listed under (`Agents`, `Query`, …). */
  tag: string;
  /** `false` for routes without a key (`GET /healthz`). Default: `Authorization: Bearer <key>`. */
  auth?: boolean;
  /** The `application/json` request body's schema. */
  body?: z.ZodType;
  /** Whether the JSON body may be left out (the `{}` of deletes). Default: required. */
  bodyOptional?: boolean;
  /** The `multipart/form-data` request body's schema (a `z.file()` field is a file part). */
  form?: z.ZodType;
  /** The query string's schema (an object: each field is one parameter). */
  query?: z.ZodType;
  /** Success responses by status. */
  responses: Partial<Record<200 | 201, ResponseDoc>>;
  /**
   * Error statuses besides 401 and 500, alone or with what they mean on this route
   * (`[403, 'HANDOFF_DISABLED: …']`).
   */
  errors?: readonly (ErrorStatus | readonly [ErrorStatus, string])[];
  /**
   * The schema of this route's error bodies, when they are not `ApiError`: e.g. OpenAI's
   * `{error:{message,type,param,code}}` on OpenAI-compatible routes. Give its statuses
   * their own descriptions in `errors`: the default ones name `ApiError` codes.
   */
  errorBody?: z.ZodType;
  /** Still served, for clients that use it; answers carry a `Deprecation` header. */
  deprecated?: boolean;
}

/**
 * The request body of deletes (and of a datasource's synch): `{}`, which may be left out.
 * Spread into a route: `{ ...deleteBody, responses: … }`.
 */
export const deleteBody = { body: emptyBodySchema, bodyOptional: true } as const;

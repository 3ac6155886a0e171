import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES, ID_PATTERN, LIMITS } from '@agent-chat/protocol';
import {
  agentUpdateSchema,
  datasourceUpdateSchema,
  datasourceUpsertSchema,
  datastoreUpdateSchema,
  emptyBodySchema,
  parseBody,
} from '@agent-chat/protocol/schemas';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { mapAdminUpstreamError, redactSecret } from './admin-upstream-error.js';
import { BffError } from './bff-error.js';
import type { BffOptions } from './bff-options.js';
import { resolveBffOptions } from './resolve-bff-options.js';
import { sendError } from './send-error.js';

/** Largest admin request body, in bytes (document upserts can be large). */
export const ADMIN_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Largest upstream admin response the relay buffers, in bytes. */
const MAX_UPSTREAM_RESPONSE_BYTES = 10 * 1024 * 1024;

/** Request headers relayed to the upstream; everything else (cookies, hop-by-hop, proxy auth) is dropped. */
const FORWARDED_REQUEST_HEADERS = new Set([
  'accept',
  'accept-language',
  'user-agent',
  'x-request-id',
]);

/** Upstream response headers relayed to the admin (besides the content type and length we set). */
const FORWARDED_RESPONSE_HEADERS = ['deprecation', 'sunset', 'link'] as const;

type BodySchema =
  | typeof agentUpdateSchema
  | typeof datastoreUpdateSchema
  | typeof emptyBodySchema
  | typeof datasourceUpdateSchema
  | typeof datasourceUpsertSchema;

type Guard = 'agent-update' | 'datastore-update';

interface AdminOperation {
  method: 'patch' | 'delete' | 'post';
  /** Express path, relative to the BFF mount; the resource id is always `:id`. */
  path: string;
  /** Upstream path for a validated id. */
  upstreamPath: (id: string) => string;
  schema: BodySchema;
  deprecated?: true;
  guard?: Guard;
}

/** The seven admin operations of the API (DESIGN.md section 2), at the upstream's own paths. */
const ADMIN_OPERATIONS: readonly AdminOperation[] = [
  {
    method: 'patch',
    path: '/api/agents/:id',
    upstreamPath: (id) => `/api/agents/${id}`,
    schema: agentUpdateSchema,
    guard: 'agent-update',
  },
  {
    method: 'delete',
    path: '/api/agents/:id',
    upstreamPath: (id) => `/api/agents/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'patch',
    path: '/api/datastores/:id',
    upstreamPath: (id) => `/api/datastores/${id}`,
    schema: datastoreUpdateSchema,
    guard: 'datastore-update',
  },
  {
    method: 'delete',
    path: '/api/datastores/:id',
    upstreamPath: (id) => `/api/datastores/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'delete',
    path: '/api/datasources/:id',
    upstreamPath: (id) => `/api/datasources/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'post',
    path: '/api/datastores/update/:id',
    upstreamPath: (id) => `/api/datastores/update/${id}`,
    schema: datasourceUpdateSchema,
    deprecated: true,
  },
  {
    method: 'post',
    path: '/api/datastores/upsert/:id',
    upstreamPath: (id) => `/api/datastores/upsert/${id}`,
    schema: datasourceUpsertSchema,
    deprecated: true,
  },
];

/** What the relay sends upstream for one admin request. */
interface RelayPlan {
  upstreamPath: string;
  body: string;
  deprecated: boolean;
  timedOut: boolean;
}

/** A failed admin relay step, answered as `status` + `{"error":{code,message}}`. */
function rejection(status: number, code: string, message: string): BffError {
  return new BffError(code, message, { status });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Middleware accepting `Authorization: Bearer <adminToken>`, compared in constant time
 * (SHA-256 digests of equal length through `timingSafeEqual`).
 */
function createBearerAuth(adminToken: string): RequestHandler {
  const expected = digest(adminToken);
  return function adminBearerAuth(req, res, next) {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    const given = digest(match?.[1] ?? '');
    // Always compare, even without a token, so timing does not reveal which check failed.
    const equal = timingSafeEqual(given, expected);
    if (match && equal) {
      next();
      return;
    }
    res.setHeader('WWW-Authenticate', 'Bearer realm="agent-chat-admin"');
    sendError(
      res,
      401,
      ERROR_CODES.unauthorized,
      match
        ? 'The admin token is not valid.'
        : 'Admin routes need an "Authorization: Bearer <ADMIN_TOKEN>" header.',
    );
  };
}

function disabledAdmin(_req: Request, res: Response): void {
  sendError(
    res,
    404,
    ERROR_CODES.notFound,
    'Admin routes are disabled on this server: set ADMIN_TOKEN (or the adminAuth option) to enable them.',
  );
}

function createJsonBody(): RequestHandler {
  const parse = express.json({
    limit: ADMIN_MAX_BODY_BYTES,
    strict: false,
    // Admin bodies are JSON whatever the label, so the request stream is always consumed
    // here and can never be piped raw to the upstream.
    type: () => true,
  });
  return function adminJsonBody(req, res, next) {
    parse(req, res, (error?: unknown) => {
      if (!error) {
        next();
        return;
      }
      const type = (error as { type?: unknown }).type;
      if (type === 'entity.too.large') {
        sendError(
          res,
          413,
          ERROR_CODES.payloadTooLarge,
          `The request body is larger than the admin limit of ${ADMIN_MAX_BODY_BYTES} bytes.`,
        );
      } else if (type === 'entity.parse.failed') {
        sendError(res, 400, ERROR_CODES.invalidRequest, 'The request body is not valid JSON.');
      } else {
        sendError(res, 400, ERROR_CODES.invalidRequest, 'The request body could not be read.');
      }
    });
  };
}

function upstreamJsonHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

/**
 * Creates the admin relay: the seven admin operations of the API (`PATCH`/`DELETE
 * /api/agents/:id`, `PATCH`/`DELETE /api/datastores/:id`, `DELETE /api/datasources/:id`,
 * `POST /api/datastores/update/:datastoreId`, `POST /api/datastores/upsert/:datastoreId`),
 * at the upstream's own paths relative to where the router is mounted.
 *
 * - Access: `Authorization: Bearer <adminToken>` (constant-time comparison), or
 *   `options.adminAuth` when given (it replaces the token check). With neither, the routes
 *   answer 404 (admin disabled).
 * - Ids must match `ID_PATTERN` and bodies the protocol schemas (400 naming the field);
 *   bodies up to {@link ADMIN_MAX_BODY_BYTES} (413 beyond). Unknown body fields are dropped.
 * - Relayed with http-proxy-middleware to the fixed `upstreamUrl`, with the admin's
 *   credentials replaced by `Bearer <agentApiToken>`, only a few safe request headers
 *   forwarded, and the validated body re-sent. Upstream failures become JSON errors:
 *   unreachable 502 `UPSTREAM_ERROR`, silent for `firstByteTimeoutMs` 504
 *   `UPSTREAM_TIMEOUT`, 401/403 502 `UPSTREAM_AUTH`. The token never appears in a response.
 * - Deprecated operations answer with a `Deprecation` header (the upstream's, or `true`).
 * - With `upstreamDialect: 'chaindesk'`, destructive quirks are guarded: an agent PATCH
 *   re-sends the agent's current `tools` and `interfaceConfig`; a datastore PATCH sends
 *   `id` = the path id and an `isPublic` that keeps the current visibility.
 *
 * Methods and paths other than these fall through (`next()`).
 *
 * @example
 * ```ts
 * router.use(createAdminRouter({ upstreamUrl, agentApiToken, adminToken }));
 * ```
 */
export function createAdminRouter(options: BffOptions): Router {
  const resolved = resolveBffOptions(options);
  const router = Router();
  const token = resolved.agentApiToken;
  const upstreamUrl = resolved.upstreamUrl;
  const dialect = resolved.upstreamDialect;
  const timeoutMs = resolved.firstByteTimeoutMs;
  const logger: Logger | undefined = options.logger || undefined;
  const auth =
    options.adminAuth ?? (options.adminToken ? createBearerAuth(options.adminToken) : undefined);

  if (!auth) {
    for (const operation of ADMIN_OPERATIONS)
      router[operation.method](operation.path, disabledAdmin);
    return router;
  }

  const plans = new WeakMap<IncomingMessage, RelayPlan>();

  const proxy = createProxyMiddleware<Request, Response>({
    target: upstreamUrl.href,
    changeOrigin: true,
    xfwd: false,
    selfHandleResponse: true,
    ejectPlugins: true,
    pathRewrite: (_path, req) => plans.get(req)?.upstreamPath ?? '/',
    plugins: [
      (proxyServer) => {
        proxyServer.on('proxyReq', (proxyRequest, req) => {
          const plan = plans.get(req);
          if (!plan) {
            proxyRequest.destroy(new Error('admin relay: no plan for this request'));
            return;
          }
          for (const name of proxyRequest.getHeaderNames()) {
            if (!FORWARDED_REQUEST_HEADERS.has(name) && name !== 'host' && name !== 'connection') {
              proxyRequest.removeHeader(name);
            }
          }
          proxyRequest.setHeader('authorization', `Bearer ${token}`);
          proxyRequest.setHeader('content-type', 'application/json');
          proxyRequest.setHeader('content-length', Buffer.byteLength(plan.body));
          proxyRequest.setHeader('accept-encoding', 'identity');
          proxyRequest.setTimeout(timeoutMs, () => {
            plan.timedOut = true;
            proxyRequest.destroy(
              rejection(
                504,
                ERROR_CODES.upstreamTimeout,
                'The agent service did not answer in time.',
              ),
            );
          });
          proxyRequest.write(plan.body);
        });
        proxyServer.on('proxyRes', (proxyResponse, req, res) => {
          const plan = plans.get(req);
          relayResponse(proxyResponse, res as Response, plan);
        });
        proxyServer.on('error', (error, req, res) => {
          const plan = plans.get(req);
          const timedOut =
            plan?.timedOut === true ||
            (error instanceof BffError && error.code === ERROR_CODES.upstreamTimeout);
          logger?.warn(
            {
              err: {
                message: redactSecret(error.message, token),
                code: (error as { code?: unknown }).code,
              },
            },
            'admin relay: upstream request failed',
          );
          if (!('setHeader' in res)) {
            res.destroy();
            return;
          }
          const response = res as ServerResponse;
          if (response.headersSent) {
            response.destroy();
            return;
          }
          if (timedOut) {
            sendError(
              response as Response,
              504,
              ERROR_CODES.upstreamTimeout,
              `The agent service did not answer within ${timeoutMs} ms.`,
            );
          } else {
            const code = (error as { code?: unknown }).code;
            sendError(
              response as Response,
              502,
              ERROR_CODES.upstreamError,
              `The agent service could not be reached${typeof code === 'string' ? ` (${code})` : ''}.`,
            );
          }
        });
      },
    ],
  });

  function relayResponse(
    proxyResponse: IncomingMessage,
    res: Response,
    plan: RelayPlan | undefined,
  ): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    const fail = (status: number, code: string, message: string) => {
      if (failed) return;
      failed = true;
      proxyResponse.destroy();
      sendError(res, status, code, message);
    };
    proxyResponse.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_UPSTREAM_RESPONSE_BYTES) {
        fail(
          502,
          ERROR_CODES.upstreamError,
          'The agent service answered with an oversized response.',
        );
        return;
      }
      chunks.push(chunk);
    });
    proxyResponse.on('error', () => {
      fail(502, ERROR_CODES.upstreamError, 'The agent service response broke off.');
    });
    proxyResponse.on('aborted', () => {
      fail(502, ERROR_CODES.upstreamError, 'The agent service response broke off.');
    });
    proxyResponse.on('end', () => {
      if (failed || res.headersSent) return;
      const status = proxyResponse.statusCode ?? 502;
      const text = redactSecret(Buffer.concat(chunks).toString('utf8'), token);
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = proxyResponse.headers[name];
        if (typeof value === 'string') res.setHeader(name, redactSecret(value, token));
      }
      if (plan?.deprecated && !res.hasHeader('deprecation')) res.setHeader('Deprecation', 'true');
      res.setHeader('Cache-Control', 'no-store');
      if (status < 200 || status >= 300) {
        const mapped = mapAdminUpstreamError(status, text);
        if (mapped.status >= 500) {
          logger?.warn(
            { upstreamStatus: status, body: text.slice(0, 500) },
            'admin relay: upstream error response',
          );
        }
        sendError(res, mapped.status, mapped.code, mapped.message);
        return;
      }
      const contentType = proxyResponse.headers['content-type'];
      res.status(status);
      res.setHeader('Content-Type', contentType ?? 'application/json; charset=utf-8');
      res.send(Buffer.from(text, 'utf8'));
    });
  }

  async function fetchCurrent(path: string): Promise<Record<string, unknown>> {
    let response: globalThis.Response;
    try {
      response = await fetch(new URL(`.${path}`, withTrailingSlash(upstreamUrl)), {
        headers: upstreamJsonHeaders(token),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if ((error as { name?: unknown }).name === 'TimeoutError') {
        throw rejection(
          504,
          ERROR_CODES.upstreamTimeout,
          `The agent service did not answer within ${timeoutMs} ms.`,
        );
      }
      throw rejection(502, ERROR_CODES.upstreamError, 'The agent service could not be reached.');
    }
    const text = redactSecret(await response.text(), token);
    if (!response.ok) {
      const mapped = mapAdminUpstreamError(response.status, text);
      throw rejection(mapped.status, mapped.code, mapped.message);
    }
    try {
      const json: unknown = JSON.parse(text);
      if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
        return json as Record<string, unknown>;
      }
    } catch {
      // fall through: not a JSON object
    }
    throw rejection(
      502,
      ERROR_CODES.upstreamError,
      'The agent service answered with something other than a JSON object.',
    );
  }

  /** Applies the Chaindesk guards; returns the body to send. */
  async function guardChaindesk(
    guard: Guard,
    id: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    if (guard === 'agent-update') {
      const current = await fetchCurrent(`/api/agents/${id}`);
      if (!('tools' in current)) {
        throw rejection(
          400,
          ERROR_CODES.invalidRequest,
          'Refusing to update this agent: the agent service did not return its tools, and a Chaindesk ' +
            'PATCH without tools removes them. Update the agent in the Chaindesk dashboard instead.',
        );
      }
      const next: Record<string, unknown> = { ...body, tools: current.tools };
      if ('interfaceConfig' in current) next.interfaceConfig = current.interfaceConfig;
      return next;
    }
    const next: Record<string, unknown> = { ...body, id };
    if (typeof next.isPublic !== 'boolean') {
      if (next.visibility === 'public' || next.visibility === 'private') {
        next.isPublic = next.visibility === 'public';
      } else {
        const current = await fetchCurrent(`/api/datastores/${id}`);
        if (typeof current.isPublic === 'boolean') {
          next.isPublic = current.isPublic;
        } else if (current.visibility === 'public' || current.visibility === 'private') {
          next.isPublic = current.visibility === 'public';
        } else {
          throw rejection(
            400,
            ERROR_CODES.invalidRequest,
            'Refusing to update this datastore: its current visibility is unknown, and a Chaindesk PATCH ' +
              'without isPublic makes it private. Send "visibility" (or "isPublic") in the body.',
          );
        }
      }
    }
    return next;
  }

  const jsonBody = createJsonBody();

  for (const operation of ADMIN_OPERATIONS) {
    const prepare = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      const raw: unknown = req.params.id;
      const id = typeof raw === 'string' ? raw : '';
      if (!ID_PATTERN.test(id)) {
        sendError(
          res,
          400,
          ERROR_CODES.invalidRequest,
          `The id in the path must be 1 to ${LIMITS.idLength.max} letters, digits, "_" or "-".`,
        );
        return;
      }
      const parsed = parseBody(operation.schema, req.body);
      if (!parsed.success) {
        sendError(res, 400, ERROR_CODES.invalidRequest, parsed.message);
        return;
      }
      let body: Record<string, unknown> = { ...(parsed.data ?? {}) };
      if (operation.guard === 'datastore-update' && typeof body.id === 'string' && body.id !== id) {
        sendError(
          res,
          400,
          ERROR_CODES.invalidRequest,
          'id in the body must be the datastore id of the path (or be left out).',
        );
        return;
      }
      if (dialect === 'chaindesk' && operation.guard) {
        try {
          body = await guardChaindesk(operation.guard, id, body);
        } catch (error) {
          if (error instanceof BffError) {
            sendError(res, error.status, error.code, error.message);
            return;
          }
          throw error;
        }
      }
      // `expect: 100-continue` would make http-proxy skip its proxyReq hook (and our
      // header rewrite); the body is already read, so it has no use upstream.
      delete req.headers.expect;
      plans.set(req, {
        upstreamPath: operation.upstreamPath(id),
        body: JSON.stringify(body),
        deprecated: operation.deprecated === true,
        timedOut: false,
      });
      next();
    };
    router[operation.method](operation.path, auth, jsonBody, prepare, proxy);
  }
  return router;
}

function withTrailingSlash(url: URL): URL {
  const copy = new URL(url.href);
  if (!copy.pathname.endsWith('/')) copy.pathname += '/';
  return copy;
}

import { ERROR_CODES, ID_PATTERN, idRuleMessage } from '@agent-chat/protocol';
import { parseBody } from '@agent-chat/protocol/schemas';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { BffError } from '../bff-error.js';
import { type ConsoleSession, operatorOf } from '../console/index.js';
import { sendError } from '../http/index.js';
import type { ResolvedBffOptions } from '../options/index.js';
import type { UpstreamClient } from '../upstream/index.js';
import { createBearerAuth, disabledAdmin } from './admin-auth.js';
import { createAdminJsonBody } from './admin-body.js';
import type { AdminOperation } from './admin-operation.js';
import { ADMIN_OPERATIONS } from './admin-operations.js';
import { type AdminProxy, createAdminProxy } from './admin-proxy.js';
import { createAdminUploadRelay } from './admin-upload.js';
import { type ChaindeskGuards, createChaindeskGuards } from './chaindesk-guards.js';

/** What the admin routes are built from (created once by `createBff`). */
export interface AdminRoutesOptions {
  options: ResolvedBffOptions;
  /** The console's session, whose cookie the admin routes accept besides the Bearer token. */
  session?: ConsoleSession | undefined;
  /** The upstream client, for what the Chaindesk guards read. */
  upstream: UpstreamClient;
  logger: Logger | undefined;
}

/**
 * Creates the admin routes from options already resolved and the BFF's upstream client
 * (what `createBff` does; {@link createAdminRouter} is the stand-alone form): the admin operations of the API (the
 * console's agent and datastore directories `GET`/`POST /api/agents`, `GET /api/agents/:id`,
 * `GET`/`POST /api/datastores`; `PATCH`/`DELETE /api/agents/:id`, `PATCH`/`DELETE /api/datastores/:id`, `DELETE /api/datasources/:id`,
 * `POST /api/datastores/update/:datastoreId`, `POST /api/datastores/upsert/:datastoreId`,
 * and for ingestion `POST /api/datasources` — JSON, or a multipart upload streamed through
 * with `uploadLimitBytes` enforced — `POST /api/datasources/:id/synch`,
 * `GET /api/datasources/:id`, `GET /api/datastores/:id/datasources`, and the datastore
 * search `POST /api/datastores/:id/query`),
 * at the upstream's own paths relative to where the router is mounted. Each is
 * auth → JSON body → id and body check (→ Chaindesk guard) → relay:
 *
 * - Access: `Authorization: Bearer <adminToken>` (constant-time comparison), or
 *   `adminAuth` when given (it replaces the token check). With neither, the routes
 *   answer 404 (admin disabled).
 * - Ids must match `ID_PATTERN` and bodies the protocol schemas (400 naming the field);
 *   bodies up to `LIMITS.jsonBodyBytes.max` (10 MiB), or the operation's own `maxBodyBytes` (413 beyond). Unknown body fields are dropped.
 * - Relayed by {@link createAdminProxy}; upstream failures become JSON errors and the
 *   token never appears in a response. Deprecated operations answer with a `Deprecation`
 *   header (the upstream's, or `true`).
 * - With `upstreamDialect: 'chaindesk'`, destructive quirks are guarded
 *   ({@link createChaindeskGuards}).
 *
 * Every operation is one entry of `ADMIN_OPERATIONS`. Methods and paths other than these
 * fall through (`next()`).
 *
 * @example
 * ```ts
 * router.use(createAdminRoutes({ options: resolveBffOptions(bffOptions), upstream, logger }));
 * ```
 */
export function createAdminRoutes({
  options,
  upstream,
  logger,
  session,
}: AdminRoutesOptions): Router {
  const router = Router();
  const auth =
    options.adminAuth ??
    (options.adminToken ? createBearerAuth(options.adminToken, session) : undefined);
  if (!auth) {
    for (const operation of ADMIN_OPERATIONS) {
      router[operation.method](operation.path, disabledAdmin);
    }
    return router;
  }
  const proxy = createAdminProxy({
    upstreamUrl: options.upstreamUrl,
    token: options.agentApiToken,
    timeoutMs: options.firstByteTimeoutMs,
    logger,
  });
  const guards =
    options.upstreamDialect === 'chaindesk'
      ? createChaindeskGuards(upstream, options.firstByteTimeoutMs)
      : undefined;
  const jsonBody = createAdminJsonBody({ timeoutMs: options.bodyTimeoutMs });
  const jsonBodyOf = (operation: AdminOperation) =>
    operation.maxBodyBytes === undefined
      ? jsonBody
      : createAdminJsonBody({
          timeoutMs: options.bodyTimeoutMs,
          limitBytes: operation.maxBodyBytes,
        });
  const uploadRelay = createAdminUploadRelay({
    upstreamUrl: options.upstreamUrl,
    token: options.agentApiToken,
    limitBytes: options.uploadLimitBytes,
    timeoutMs: options.firstByteTimeoutMs,
    logger,
  });
  for (const operation of ADMIN_OPERATIONS) {
    router[operation.method](
      operation.path,
      auth,
      ...(operation.upload ? [uploadRelay] : []),
      jsonBodyOf(operation),
      createPlanStep(operation, proxy, guards),
      proxy.relay,
    );
  }
  return router;
}

const HOST_ID_MAX = 256;
const HOST_ID_RULE = `The user id in the path must be 1 to ${HOST_ID_MAX} characters without control characters.`;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Checks the id and body of one operation, applies its guard, and plans the relay. */
function createPlanStep(
  operation: AdminOperation,
  proxy: AdminProxy,
  guards: ChaindeskGuards | undefined,
): RequestHandler {
  return async function planAdminRelay(req: Request, res: Response, next) {
    const raw: unknown = req.params.id;
    let id = typeof raw === 'string' ? raw : '';
    if (operation.hostId) {
      if (id.length < 1 || id.length > HOST_ID_MAX || CONTROL.test(id)) {
        sendError(res, 400, ERROR_CODES.invalidRequest, HOST_ID_RULE);
        return;
      }
      id = encodeURIComponent(id);
    } else if (operation.path.includes(':id') && !ID_PATTERN.test(id)) {
      sendError(res, 400, ERROR_CODES.invalidRequest, `${idRuleMessage('The id in the path')}.`);
      return;
    }
    const parsed =
      operation.method === 'get'
        ? ({ success: true, data: undefined } as const)
        : parseBody(operation.schema, req.body);
    if (!parsed.success) {
      sendError(res, 400, ERROR_CODES.invalidRequest, parsed.message);
      return;
    }
    let search = '';
    if (operation.query) {
      const query = parseBody(operation.query, req.query);
      if (!query.success) {
        sendError(res, 400, ERROR_CODES.invalidRequest, query.message);
        return;
      }
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query.data)) {
        if (value !== undefined) params.set(name, String(value));
      }
      search = params.size > 0 ? `?${params}` : '';
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
    if (guards && operation.guard) {
      try {
        body = await guards(operation.guard, id, body);
      } catch (error) {
        if (error instanceof BffError) {
          sendError(res, error.status, error.code, error.message);
          return;
        }
        throw error;
      }
    }
    const operator = operatorOf(res.locals);
    if (operation.operatorField && operator !== undefined) body[operation.operatorField] = operator;
    // `expect: 100-continue` would make http-proxy skip its proxyReq hook (and our
    // header rewrite); the body is already read, so it has no use upstream.
    delete req.headers.expect;
    proxy.plan(req, {
      upstreamPath: operation.upstreamPath(id) + search,
      body: operation.method === 'get' ? '' : JSON.stringify(body),
      deprecated: operation.deprecated === true,
      stream: operation.stream === true,
      timedOut: false,
    });
    next();
  };
}

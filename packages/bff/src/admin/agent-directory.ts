import { ERROR_CODES, ID_PATTERN, LIMITS } from '@agent-chat/protocol';
import { agentCreateSchema, parseBody } from '@agent-chat/protocol/schemas';
import { type RequestHandler, Router } from 'express';
import { sendError } from '../http/index.js';
import type { AdminProxy } from './admin-proxy.js';

/** What {@link createAgentDirectoryRoutes} is built from (shared with the other admin routes). */
export interface AgentDirectoryOptions {
  /** The admin auth; `undefined` when admin routes are disabled (404). */
  auth: RequestHandler | undefined;
  jsonBody: RequestHandler;
  proxy: AdminProxy | undefined;
  disabled: RequestHandler;
}

/**
 * The agent directory the console needs besides the seven admin operations: `GET
 * /api/agents` (list), `POST /api/agents` (create; body checked by `agentCreateSchema`) and
 * `GET /api/agents/:id`, behind the same admin auth and relayed the same way.
 */
export function createAgentDirectoryRoutes(options: AgentDirectoryOptions): Router {
  const router = Router();
  const { auth, jsonBody, proxy } = options;
  if (!auth || !proxy) {
    router.get('/api/agents', options.disabled);
    router.post('/api/agents', options.disabled);
    router.get('/api/agents/:id', options.disabled);
    return router;
  }
  router.get(
    '/api/agents',
    auth,
    function planAgentList(req, _res, next) {
      proxy.plan(req, {
        upstreamPath: '/api/agents',
        body: '',
        deprecated: false,
        stream: false,
        timedOut: false,
      });
      next();
    },
    proxy.relay,
  );
  router.post(
    '/api/agents',
    auth,
    jsonBody,
    function planAgentCreate(req, res, next) {
      const parsed = parseBody(agentCreateSchema, req.body);
      if (!parsed.success) {
        sendError(res, 400, ERROR_CODES.invalidRequest, parsed.message);
        return;
      }
      delete req.headers.expect;
      proxy.plan(req, {
        upstreamPath: '/api/agents',
        body: JSON.stringify(parsed.data),
        deprecated: false,
        stream: false,
        timedOut: false,
      });
      next();
    },
    proxy.relay,
  );
  router.get(
    '/api/agents/:id',
    auth,
    function planAgentRead(req, res, next) {
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
      proxy.plan(req, {
        upstreamPath: `/api/agents/${id}`,
        body: '',
        deprecated: false,
        stream: false,
        timedOut: false,
      });
      next();
    },
    proxy.relay,
  );
  return router;
}

import { ERROR_CODES } from '@agent-chat/protocol';
import { datastoreCreateSchema, parseBody } from '@agent-chat/protocol/schemas';
import { type RequestHandler, Router } from 'express';
import { sendError } from '../http/index.js';
import type { AgentDirectoryOptions } from './agent-directory.js';

/**
 * The datastore directory the console's Knowledge page needs besides the admin operations:
 * `GET /api/datastores` (list) and `POST /api/datastores` (create; body checked by
 * `datastoreCreateSchema`, unknown fields dropped), behind the same admin auth and relayed
 * the same way as the agent directory. With admin routes disabled both answer 404.
 */
export function createDatastoreDirectoryRoutes(options: AgentDirectoryOptions): Router {
  const router = Router();
  const { auth, jsonBody, proxy } = options;
  if (!auth || !proxy) {
    router.get('/api/datastores', options.disabled);
    router.post('/api/datastores', options.disabled);
    return router;
  }
  const planList: RequestHandler = function planDatastoreList(req, _res, next) {
    proxy.plan(req, {
      upstreamPath: '/api/datastores',
      body: '',
      deprecated: false,
      stream: false,
      timedOut: false,
    });
    next();
  };
  const planCreate: RequestHandler = function planDatastoreCreate(req, res, next) {
    const parsed = parseBody(datastoreCreateSchema, req.body);
    if (!parsed.success) {
      sendError(res, 400, ERROR_CODES.invalidRequest, parsed.message);
      return;
    }
    delete req.headers.expect;
    proxy.plan(req, {
      upstreamPath: '/api/datastores',
      body: JSON.stringify(parsed.data),
      deprecated: false,
      stream: false,
      timedOut: false,
    });
    next();
  };
  router.get('/api/datastores', auth, planList, proxy.relay);
  router.post('/api/datastores', auth, jsonBody, planCreate, proxy.relay);
  return router;
}

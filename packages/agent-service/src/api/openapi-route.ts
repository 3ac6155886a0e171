import { Router } from 'express';
import { agentServiceOpenApiDocument } from '../openapi/index.js';

/**
 * `GET /api/openapi.json` (no key): the service's OpenAPI 3.1 document, built on the first
 * request and kept. Any origin may read it (it holds no secret), so API explorers and
 * client generators elsewhere can load it.
 */
export function createOpenApiRoute(): Router {
  const router = Router();
  let document: string | undefined;
  router.get('/api/openapi.json', (_req, res) => {
    document ??= JSON.stringify(agentServiceOpenApiDocument());
    res.set('Access-Control-Allow-Origin', '*').type('application/json').send(document);
  });
  return router;
}

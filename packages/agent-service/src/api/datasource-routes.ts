import { emptyBodySchema } from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { deleteDatasource, getDatasource } from '../knowledge/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/** `GET/DELETE /datasources/:id` (mounted under `/api`). */
export function createDatasourceRoutes(context: ServiceContext): Router {
  const { database } = context;
  const router = Router();
  router.get('/datasources/:id', async (req, res) => {
    res.json(await getDatasource(database, organizationOf(res.locals).id, req.params.id));
  });
  router.delete('/datasources/:id', async (req, res) => {
    validateBody(emptyBodySchema, req.body);
    res.json(await deleteDatasource(database, organizationOf(res.locals).id, req.params.id));
  });
  return router;
}

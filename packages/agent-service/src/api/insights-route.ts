import type { InsightsQuery } from '@agent-chat/protocol';
import { insightsQuerySchema } from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { getInsights } from '../conversations/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/**
 * `GET /insights?agentId=&from=&to=` (mounted under `/api`; the organization's key):
 * questions per UTC day, answers, thumbs up/down, answers with nothing retrieved, and the
 * content gaps, over a range of at most 366 days (default: the last 30).
 */
export function createInsightsRoute(context: ServiceContext): Router {
  const router = Router();
  router.get('/insights', async (req, res) => {
    const query = validateBody<InsightsQuery>(insightsQuerySchema, req.query);
    res.json(await getInsights(context.database, organizationOf(res.locals).id, query));
  });
  return router;
}

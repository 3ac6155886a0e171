import type { DeliveryListQuery } from '@agent-chat/protocol';
import { deliveryListQuerySchema } from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { listDeliveries } from '../outbox/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/**
 * The delivery log (mounted under `/api`; the organization's key): `GET /deliveries`,
 * newest first, filtered by `status` (`pending`, `delivered`, `failed`) and `kind`
 * (`mail`, `webhook`), in keyset pages — what the console's Deliveries page shows.
 */
export function createDeliveryRoutes(context: ServiceContext): Router {
  const router = Router();
  router.get('/deliveries', async (req, res) => {
    const query = validateBody<DeliveryListQuery>(deliveryListQuerySchema, req.query);
    res.json(await listDeliveries(context.database, organizationOf(res.locals).id, query));
  });
  return router;
}

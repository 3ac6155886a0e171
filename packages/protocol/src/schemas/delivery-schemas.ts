import { z } from 'zod';
import { DELIVERY_KINDS, DELIVERY_STATUSES } from '../deliveries.js';
import { oneOf, pageSize, searchText } from './schema-helpers.js';

/** Schema of `GET /api/deliveries` query strings (unknown parameters are dropped). */
export const deliveryListQuerySchema = z.object(
  {
    status: oneOf('status', DELIVERY_STATUSES).optional(),
    kind: oneOf('kind', DELIVERY_KINDS).optional(),
    cursor: searchText('cursor').optional(),
    limit: pageSize.optional(),
  },
  { error: 'The query string must be a set of parameters' },
);

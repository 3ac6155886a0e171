/**
 * The Deliveries route of the OpenAPI registry (`GET /api/deliveries`, api/'s delivery-routes):
 * the outbox's log of mails and webhook events.
 */
import { deliveryListQuerySchema, deliveryListResponseSchema } from '@agent-chat/protocol/schemas';
import type { RouteDoc } from './route-doc.js';

/** The Deliveries route, as the document publishes it. */
export const DELIVERY_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/deliveries',
    operationId: 'listDeliveries',
    summary: 'The delivery log: mails and webhook events, newest first, with status and last error',
    tag: 'Deliveries',
    query: deliveryListQuerySchema,
    responses: { 200: deliveryListResponseSchema },
    errors: [400],
  },
];

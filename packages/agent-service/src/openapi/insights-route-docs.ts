/**
 * The Insights route of the OpenAPI registry (`GET /api/insights`, api/'s insights-route).
 */
import { insightsQuerySchema, insightsResponseSchema } from '@agent-chat/protocol/schemas';
import type { RouteDoc } from './route-doc.js';

/** The Insights route, as the document publishes it. */
export const INSIGHTS_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/insights',
    operationId: 'getInsights',
    summary: 'Questions per day, votes, answers without sources, and content gaps',
    tag: 'Insights',
    query: insightsQuerySchema,
    responses: { 200: insightsResponseSchema },
    errors: [400],
  },
];

/**
 * What operators of the BFF watch: `GET /healthz`, `GET /readyz`, `GET /metrics`, and the
 * Prometheus metrics every other part counts into.
 */
export { type BffMetrics, createBffMetrics } from './bff-metrics.js';
export { createOpsRoutes } from './ops-routes.js';

/**
 * The public query route, `POST /api/agents/:id/query`: the operator's per-agent policy,
 * the per-visitor stream cap, the upstream request, and the relay of its answer (JSON
 * passed through, streams re-encoded in the spec dialect with shared heartbeats), tracked
 * for graceful shutdown.
 */
export { createQueryPolicy, type QueryPolicy } from './query-policy.js';
export {
  createQueryRoute,
  isQueryRequest,
  type QueryRoute,
  type QueryRouteOptions,
} from './query-route.js';
export { createStreamSlots, type StreamSlots } from './stream-slots.js';
export { createStreamTracker, type StreamTracker } from './stream-tracker.js';

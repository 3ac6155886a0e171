/**
 * The public query route, `POST /api/agents/:id/query`: the operator's per-agent policy,
 * the per-visitor stream cap, the upstream request, and the relay of its answer (JSON
 * passed through, streams re-encoded in the spec dialect with shared heartbeats), tracked
 * for graceful shutdown.
 */
export { answerBodyFailure } from './body-failure.js';
export { createQueryPolicy } from './query-policy.js';
export { createQueryRoute, isQueryRequest } from './query-route.js';
export { createStreamSlots } from './stream-slots.js';
export { createStreamTracker } from './stream-tracker.js';

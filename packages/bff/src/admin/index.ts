/**
 * The admin routes: the seven admin operations of the API behind the admin token (or the
 * host's own auth), their bodies checked by the protocol schemas, guarded against
 * Chaindesk's destructive quirks, and relayed to the upstream with the agent token.
 */
export { createAdminRouter } from './admin-router.js';
export { createAdminRoutes } from './admin-routes.js';

import type { Router } from 'express';
import { type BffOptions, resolveBffOptions } from '../options/index.js';
import { createUpstreamClient } from '../upstream/index.js';
import { createAdminRoutes } from './admin-routes.js';

/**
 * Only the admin relay of the BFF, as an Express Router: the seven admin operations behind
 * `adminToken` (or `adminAuth`), relayed to `upstreamUrl` with `agentApiToken`. Resolves
 * `options` itself and has its own upstream client; `createBff()` already includes these
 * routes (sharing its resolved options and client), so use this only without `createBff()`.
 *
 * @example
 * ```ts
 * app.use(createAdminRouter({ upstreamUrl, agentApiToken, adminToken }));
 * ```
 */
export function createAdminRouter(options: BffOptions): Router {
  const resolved = resolveBffOptions(options);
  return createAdminRoutes({
    options: resolved,
    upstream: createUpstreamClient({
      baseUrl: resolved.upstreamUrl,
      token: resolved.agentApiToken,
    }),
    logger: resolved.logger || undefined,
  });
}

import { Router } from 'express';
import type { RateLimits } from '../limits/index.js';
import type { ResolvedBffOptions } from '../options/index.js';
import { createConsoleAssets } from './console-assets.js';
import { type ConsoleSession, createConsoleSession } from './console-session.js';

/** Default signing secret: with it, the session key is derived from the admin token alone. */
const DERIVED_FROM_ADMIN_TOKEN = 'agent-chat console: key derived from the admin token';

/** The console as `createBff` mounts it: its routes, and the session check of admin routes. */
export interface ConsoleFeature {
  /** `admin/` (the page and its files) and `admin/api/session`. */
  routes: Router;
  /** The cookie check {@link createBearerAuth} runs before the Bearer check. */
  session: ConsoleSession | undefined;
}

/**
 * The operator console, on only when `adminToken` is set (with `adminAuth` alone the host
 * owns sign-in, and `admin/` falls through to it): serves the built console at `admin/`
 * and its session sign-in at `admin/api/session`.
 */
export function createConsole(
  options: ResolvedBffOptions,
  limits: Pick<RateLimits, 'attemptLimit'>,
): ConsoleFeature {
  if (!options.adminToken || options.adminAuth) {
    return { routes: Router(), session: undefined };
  }
  const session = createConsoleSession({
    adminToken: options.adminToken,
    secret: options.consoleSessionSecret ?? DERIVED_FROM_ADMIN_TOKEN,
    ttlMs: options.consoleSessionTtlMs,
    limits,
  });
  const routes = Router();
  routes.use(session.routes);
  routes.use(createConsoleAssets(options.consoleDir));
  return { routes, session };
}

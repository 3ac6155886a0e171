import { apiErrorBody, ERROR_CODES } from '@agent-chat/protocol';
import type { RequestHandler } from 'express';
import { findOrganizationByApiKey, hashApiKey, type Organization } from '../organizations/index.js';
import type { Queryable } from '../store/index.js';

/** The organization of the authenticated request (set by the auth middleware). */
export function organizationOf(locals: Record<string, unknown>): Organization {
  return locals.organization as Organization;
}

/** Options of {@link createAuthMiddleware}. */
interface AuthOptions {
  /**
   * How long a resolved key is remembered, ms (each lookup is a database round trip on
   * every request). Unknown keys are never cached. 0 disables.
   */
  cacheTtlMs: number;
  /** Most keys remembered. Default 1 000. */
  cacheSize?: number;
  now?: () => number;
  /**
   * The body of a 401 for an error code and message. Default: the service's
   * `{"error":{"code","message"}}`; `/v1` answers in OpenAI's shape.
   */
  errorBody?: (code: string, message: string) => unknown;
}

/**
 * Requires `Authorization: Bearer <key>` and resolves the key (stored hashed) to its
 * organization, kept in `res.locals.organization`. Missing or unknown keys get 401.
 */
export function createAuthMiddleware(database: Queryable, options: AuthOptions): RequestHandler {
  const ttl = options.cacheTtlMs;
  const size = options.cacheSize ?? 1_000;
  const now = options.now ?? Date.now;
  const errorBody = options.errorBody ?? apiErrorBody;
  const cache = new Map<string, { organization: Organization; expires: number }>();
  const lookup = async (apiKey: string): Promise<Organization | undefined> => {
    const cacheKey = hashApiKey(apiKey);
    const cached = cache.get(cacheKey);
    if (cached && cached.expires > now()) return cached.organization;
    cache.delete(cacheKey);
    const organization = await findOrganizationByApiKey(database, apiKey);
    if (organization && ttl > 0) {
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(cacheKey, { organization, expires: now() + ttl });
    }
    return organization;
  };
  return async function authenticate(req, res, next) {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer')
        .json(
          errorBody(
            ERROR_CODES.unauthorized,
            'Send your API key as "Authorization: Bearer <key>". Create one with "agent-chat-service keys create".',
          ),
        );
      return;
    }
    const organization = await lookup(match[1]);
    if (!organization) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer error="invalid_token"')
        .json(errorBody(ERROR_CODES.unauthorized, 'The API key is not valid.'));
      return;
    }
    res.locals.organization = organization;
    next();
  };
}

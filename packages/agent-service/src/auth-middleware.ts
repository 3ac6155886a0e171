import { apiErrorBody, ERROR_CODES } from '@agent-chat/protocol';
import type { RequestHandler } from 'express';
import type { Queryable } from './database.js';
import { findOrganizationByApiKey, type Organization } from './organizations.js';

/** The organization of the authenticated request (set by the auth middleware). */
export function organizationOf(locals: Record<string, unknown>): Organization {
  return locals.organization as Organization;
}

/**
 * Requires `Authorization: Bearer <key>` and resolves the key (stored hashed) to its
 * organization, kept in `res.locals.organization`. Missing or unknown keys get 401.
 */
export function createAuthMiddleware(database: Queryable): RequestHandler {
  return async function authenticate(req, res, next) {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer')
        .json(
          apiErrorBody(
            ERROR_CODES.unauthorized,
            'Send your API key as "Authorization: Bearer <key>". Create one with "agent-chat-service keys create".',
          ),
        );
      return;
    }
    const organization = await findOrganizationByApiKey(database, match[1]);
    if (!organization) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer error="invalid_token"')
        .json(apiErrorBody(ERROR_CODES.unauthorized, 'The API key is not valid.'));
      return;
    }
    res.locals.organization = organization;
    next();
  };
}

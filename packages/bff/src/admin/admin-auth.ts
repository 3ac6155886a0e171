import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { Request, RequestHandler, Response } from 'express';
import type { ConsoleSession } from '../console/index.js';
import { sendError } from '../http/index.js';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Middleware accepting `Authorization: Bearer <adminToken>`, compared in constant time
 * (SHA-256 digests of equal length through `timingSafeEqual`); 401 JSON otherwise.
 * Given the console's `session`, a request without an `Authorization` header may instead
 * carry the console's session cookie (checked by {@link ConsoleSession.check}).
 */
export function createBearerAuth(adminToken: string, session?: ConsoleSession): RequestHandler {
  const expected = digest(adminToken);
  return function adminBearerAuth(req, res, next) {
    if (session && req.headers.authorization === undefined) {
      const outcome = session.check(req, res);
      if (outcome === 'accepted') next();
      if (outcome !== 'no-cookie') return;
    }
    const header = req.headers.authorization ?? '';
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    const given = digest(match?.[1] ?? '');
    // Always compare, even without a token, so timing does not reveal which check failed.
    const equal = timingSafeEqual(given, expected);
    if (match && equal) {
      next();
      return;
    }
    res.setHeader('WWW-Authenticate', 'Bearer realm="agent-chat-admin"');
    sendError(
      res,
      401,
      ERROR_CODES.unauthorized,
      match
        ? 'The admin token is not valid.'
        : 'Admin routes need an "Authorization: Bearer <ADMIN_TOKEN>" header.',
    );
  };
}

/** The answer of every admin route when neither `adminToken` nor `adminAuth` is set. */
export function disabledAdmin(_req: Request, res: Response): void {
  sendError(
    res,
    404,
    ERROR_CODES.notFound,
    'Admin routes are disabled on this server: set ADMIN_TOKEN (or the adminAuth option) to enable them.',
  );
}

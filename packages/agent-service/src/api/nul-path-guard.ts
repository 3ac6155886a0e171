import type { RequestHandler } from 'express';
import { invalidRequest } from '../agent-service-error.js';

/** `%00` anywhere in a path: an id with a NUL character, which no stored text can hold. */
const encodedNul = /%00/i;

/**
 * Refuses, with 400 `INVALID_REQUEST`, a path holding an encoded NUL character (`%00`):
 * it can only be an id, and handing one to Postgres fails the query (a 500) instead of
 * finding nothing. Like NUL in a body (see `validateBody`), it is the caller's mistake.
 */
export function createNulPathGuard(): RequestHandler {
  return function refuseNulInPath(req, _res, next) {
    if (encodedNul.test(req.path)) {
      next(invalidRequest('Ids in the path must not contain NUL characters (%00).'));
      return;
    }
    next();
  };
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import { type Request, type Response, Router } from 'express';
import { readJsonBody, sendError } from '../http/index.js';
import type { RateLimits } from '../limits/index.js';
import { createSessionTokens, type Session } from './session-token.js';

/** Name of the console's session cookie. */
export const SESSION_COOKIE = 'agent_chat_console';

/** Header the console sends its CSRF token in, on every cookie-authenticated call. */
export const CSRF_HEADER = 'x-csrf-token';

/** Failed sign-ins allowed per client IP per {@link SIGN_IN_WINDOW_MS}; 429 beyond. */
export const SIGN_IN_ATTEMPTS = 10;

/** Longest operator name at sign-in (recorded with what the operator does, e.g. answers). */
export const OPERATOR_NAME_LENGTH = 100;

/** Who a console session acts as when no name was given at sign-in. */
export const UNNAMED_OPERATOR = 'Console operator';

/**
 * The operator of a request the console session accepted (`res.locals`): what admin
 * operations that record who acted write in their body (see `AdminOperation.operatorField`).
 */
export function operatorOf(locals: Record<string, unknown>): string | undefined {
  return typeof locals.operator === 'string' ? locals.operator : undefined;
}

/** Window of {@link SIGN_IN_ATTEMPTS}: 15 minutes. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/** Options of {@link createConsoleSession}. */
export interface ConsoleSessionOptions {
  adminToken: string;
  /** Signing secret of the cookies. */
  secret: string;
  /** Session lifetime, ms. */
  ttlMs: number;
  /** Clock, for tests. Default `Date.now`. */
  now?: () => number;
  /** The BFF's rate limits: the sign-in counts its failures on their store. */
  limits: Pick<RateLimits, 'attemptLimit'>;
}

/** How a request stands with respect to the console session. */
export type SessionCheck = 'no-cookie' | 'accepted' | 'refused';

/** The console's session: its routes, and the check admin routes run on cookies. */
export interface ConsoleSession {
  /** `POST|GET|DELETE /admin/api/session`, relative to the BFF mount. */
  routes: Router;
  /**
   * Checks the session cookie of an admin call: `no-cookie` (the caller goes on with the
   * Bearer check), `accepted`, or `refused` (already answered: 401 for a missing, tampered
   * or expired session, 403 for a missing CSRF header or a foreign `Origin`).
   */
  check(req: Request, res: Response): SessionCheck;
}

/** The value of cookie `name` in a `Cookie` header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals !== -1 && part.slice(0, equals).trim() === name) {
      return part.slice(equals + 1).trim();
    }
  }
  return undefined;
}

/** The origin the browser reached this server at (Express's `trust proxy` applies). */
function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}`;
}

/**
 * True when the request may act on a cookie: `Origin` is this server's own (required on
 * anything but GET/HEAD, checked whenever present), and no `Sec-Fetch-Site: cross-site`.
 */
function sameOrigin(req: Request): boolean {
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return false;
  if (origin === undefined) return req.method === 'GET' || req.method === 'HEAD';
  return origin === ownOrigin(req);
}

function cookieHeader(req: Request, value: string, maxAgeSeconds: number): string {
  const path = req.baseUrl === '' ? '/' : req.baseUrl;
  const parts = [
    `${SESSION_COOKIE}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (req.secure) parts.push('Secure');
  return parts.join('; ');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function sessionBody(tokens: ReturnType<typeof createSessionTokens>, session: Session) {
  return {
    csrfToken: tokens.csrfToken(session),
    expiresAt: new Date(session.expiresAt).toISOString(),
    operator: session.operator ?? UNNAMED_OPERATOR,
  };
}

/**
 * The console's sign-in: the admin token is exchanged once for a signed session cookie
 * (httpOnly, `SameSite=Strict`, `Secure` when the request is, `Max-Age` of the session),
 * and the page keeps only the session's CSRF token, in memory.
 *
 * - `POST /admin/api/session` `{token, name?}`: 200 `{csrfToken, expiresAt, operator}` and the
 *   cookie (`name`, at most 100 characters, is who the session acts as); 401
 *   for a wrong token; 403 without a same-origin `Origin`; 429 after
 *   {@link SIGN_IN_ATTEMPTS} failures per IP in 15 minutes (counted on the rate limits'
 *   store: with Redis, every replica shares the count).
 * - `GET /admin/api/session`: 200 `{csrfToken, expiresAt, operator}` for a valid cookie, else 401.
 * - `DELETE /admin/api/session`: clears the cookie (204).
 */
export function createConsoleSession(options: ConsoleSessionOptions): ConsoleSession {
  const now = options.now ?? Date.now;
  const tokens = createSessionTokens(options);
  const ttlSeconds = Math.max(1, Math.floor(options.ttlMs / 1000));
  const expectedDigest = digest(options.adminToken);
  const router = Router();

  const limitSignIn = options.limits.attemptLimit({
    name: 'console-sign-in',
    limit: SIGN_IN_ATTEMPTS,
    windowMs: SIGN_IN_WINDOW_MS,
    refuse(res) {
      res.setHeader('Retry-After', String(SIGN_IN_WINDOW_MS / 1000));
      sendError(
        res,
        429,
        ERROR_CODES.rateLimited,
        'Too many sign-in attempts from this network; wait 15 minutes and try again.',
      );
    },
  });

  function sessionOf(req: IncomingMessage): Session | undefined {
    return tokens.verify(readCookie(req.headers.cookie, SESSION_COOKIE), now());
  }

  function refuseCrossSite(req: Request, res: Response): boolean {
    if (sameOrigin(req)) return false;
    sendError(
      res,
      403,
      ERROR_CODES.forbidden,
      'Console calls must come from the console itself (same-origin Origin header).',
    );
    return true;
  }

  router.post('/admin/api/session', limitSignIn, function signIn(req, res) {
    res.setHeader('Cache-Control', 'no-store');
    if (refuseCrossSite(req, res)) return;
    readJsonBody(req, 4_096, (result) => {
      if (!result.ok) {
        if (result.status !== 0) {
          sendError(
            res,
            result.status === 500 ? 400 : result.status,
            ERROR_CODES.invalidRequest,
            'Send JSON: {"token":"<ADMIN_TOKEN>"}.',
          );
        }
        return;
      }
      const body = result.body as { token?: unknown; name?: unknown } | null;
      const token = typeof body?.token === 'string' ? body.token : '';
      const name = typeof body?.name === 'string' ? body.name.replace(/\s+/g, ' ').trim() : '';
      if (
        (body?.name !== undefined && typeof body.name !== 'string') ||
        name.length > OPERATOR_NAME_LENGTH
      ) {
        sendError(
          res,
          400,
          ERROR_CODES.invalidRequest,
          `name must be text of at most ${OPERATOR_NAME_LENGTH} characters.`,
        );
        return;
      }
      // Digests of equal length compared in constant time, whatever was typed.
      if (!timingSafeEqual(digest(token), expectedDigest) || token === '') {
        sendError(res, 401, ERROR_CODES.unauthorized, 'The admin token is not valid.');
        return;
      }
      const { session, value } = tokens.issue(now(), name || undefined);
      res.setHeader('Set-Cookie', cookieHeader(req, value, ttlSeconds));
      res.json(sessionBody(tokens, session));
    });
  });

  router.get('/admin/api/session', function currentSession(req, res) {
    res.setHeader('Cache-Control', 'no-store');
    const session = sessionOf(req);
    if (!session) {
      sendError(res, 401, ERROR_CODES.unauthorized, 'Not signed in, or the session has expired.');
      return;
    }
    res.json(sessionBody(tokens, session));
  });

  router.delete('/admin/api/session', function signOut(req, res) {
    if (refuseCrossSite(req, res)) return;
    res.setHeader('Set-Cookie', cookieHeader(req, '', 0));
    res.status(204).end();
  });

  return {
    routes: router,
    check(req, res) {
      const cookie = readCookie(req.headers.cookie, SESSION_COOKIE);
      if (cookie === undefined || cookie === '') return 'no-cookie';
      const session = tokens.verify(cookie, now());
      if (!session) {
        sendError(
          res,
          401,
          ERROR_CODES.unauthorized,
          'The console session is invalid or has expired; sign in again.',
        );
        return 'refused';
      }
      const csrf = req.headers[CSRF_HEADER];
      if (!tokens.checkCsrf(session, typeof csrf === 'string' ? csrf : undefined)) {
        sendError(
          res,
          403,
          ERROR_CODES.forbidden,
          `Console calls need the session's ${CSRF_HEADER} header.`,
        );
        return 'refused';
      }
      if (refuseCrossSite(req, res)) return 'refused';
      res.locals.operator = session.operator ?? UNNAMED_OPERATOR;
      return 'accepted';
    },
  };
}

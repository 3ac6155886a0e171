import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { RequestHandler } from 'express';
import vary from 'vary';
import { sendError } from './send-error.js';

/** Normalized origins (`scheme://host[:port]`) other than the BFF's own, `'*'`, or none. */
export type AllowedOrigins = ReadonlySet<string> | '*' | 'same-origin';

/** `scheme://host[:port]` in lower case, or undefined when `value` is not an http(s) origin. */
export function normalizeOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin.toLowerCase();
  } catch {
    return undefined;
  }
}

const allowMethods = 'GET, POST, PATCH, DELETE, OPTIONS';
const allowHeaders = 'Content-Type, Authorization, X-Request-Id';
const exposeHeaders = 'Retry-After, X-Request-Id, RateLimit, RateLimit-Policy';

function isSameOrigin(req: IncomingMessage, origin: string): boolean {
  // Compare hosts only: behind a TLS-terminating proxy without `trust proxy` the request
  // looks like http while the page is https, and both are the operator's own host.
  const host = req.headers.host;
  if (!host) return false;
  try {
    return new URL(origin).host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}

/**
 * The server-side Origin check and the CORS headers of an actual (non-preflight) request.
 * Returns true when the request may go on; otherwise it has answered 403 JSON `FORBIDDEN`.
 *
 * - No `Origin` header (curl, server-to-server, same-origin GET): allowed, no CORS headers.
 * - An allowed origin gets `Access-Control-Allow-Origin: <origin>` (never credentials).
 * - Any other origin, including `null`, is refused by the server, not just hidden from the
 *   page by the browser.
 *
 * The BFF's own origin (the Origin's host equals the request's Host) is always allowed;
 * `allowedOrigins` lists the other sites that may use it (`*`: any).
 */
export type OriginCheck = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Creates the {@link OriginCheck} of an allow-list. */
export function createOriginCheck(allowedOrigins: AllowedOrigins): OriginCheck {
  const isAllowed = (req: IncomingMessage, origin: string): boolean => {
    if (allowedOrigins === '*') return true;
    const normalized = normalizeOrigin(origin);
    if (!normalized) return false;
    // The BFF's own origin (the site that serves it) is always allowed; a list adds others.
    if (isSameOrigin(req, normalized)) return true;
    return allowedOrigins !== 'same-origin' && allowedOrigins.has(normalized);
  };

  return function checkOrigin(req, res) {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    vary(res, 'Origin');
    if (!isAllowed(req, origin)) {
      sendError(
        res,
        403,
        ERROR_CODES.forbidden,
        `Origin ${origin.slice(0, 200)} is not allowed to use this chat; the site operator can add it to ALLOWED_ORIGINS.`,
      );
      return false;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', exposeHeaders);
    return true;
  };
}

/** Options of {@link createCors}. */
export interface CorsOptions {
  /**
   * Request headers a page may send besides `Content-Type`, `Authorization` and
   * `X-Request-Id` (answered in `Access-Control-Allow-Headers` to a preflight).
   */
  extraAllowHeaders?: readonly string[];
}

/**
 * CORS and the server-side Origin check as middleware: {@link createOriginCheck}, and
 * preflight requests (`OPTIONS` with `Access-Control-Request-Method`) of allowed origins
 * answered 204 here.
 */
export function createCors(checkOrigin: OriginCheck, options: CorsOptions = {}): RequestHandler {
  const headers = [allowHeaders, ...(options.extraAllowHeaders ?? [])].join(', ');
  return function cors(req, res, next) {
    if (!checkOrigin(req, res)) return;
    if (
      req.headers.origin !== undefined &&
      req.method === 'OPTIONS' &&
      req.headers['access-control-request-method']
    ) {
      res.setHeader('Access-Control-Allow-Methods', allowMethods);
      res.setHeader('Access-Control-Allow-Headers', headers);
      res.setHeader('Access-Control-Max-Age', '600');
      vary(res, ['Access-Control-Request-Method', 'Access-Control-Request-Headers']);
      res.status(204).end();
      return;
    }
    next();
  };
}

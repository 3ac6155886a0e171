import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The helmet configuration of the BFF. The BFF serves no HTML, only API answers (JSON, SSE,
 * Prometheus text) and the widget's scripts, so it sends the headers that protect such
 * responses (as OWASP's REST security cheat sheet lists them) and leaves out those that
 * only mean something to an HTML document (COOP, Origin-Agent-Cluster, DNS prefetch,
 * download options, cross-domain policies, the legacy XSS filter):
 *
 * - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`: nothing the BFF
 *   returns may load anything or be framed, should a browser ever render it as a document;
 * - `X-Content-Type-Options: nosniff`, so a JSON or text answer is never run as a script;
 * - `X-Frame-Options: DENY` (older browsers' `frame-ancestors`);
 * - `Strict-Transport-Security` (helmet's default: a year, subdomains);
 * - `Referrer-Policy: no-referrer`;
 * - `Cross-Origin-Resource-Policy: cross-origin`: the widget and every route it calls are
 *   used by other sites' pages (never same-origin).
 *
 * helmet also removes `X-Powered-By`.
 */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  originAgentCluster: false,
  referrerPolicy: { policy: 'no-referrer' },
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

type HeaderOperation = [name: string, value: OutgoingHttpHeader] | [name: string];

/**
 * Runs helmet once against a recording response and returns what it did, or `undefined`
 * when it did anything but set or remove headers synchronously (then it must run per request).
 */
function recordHelmet(middleware: ReturnType<typeof helmet>): HeaderOperation[] | undefined {
  const operations: HeaderOperation[] = [];
  const recorder = {
    setHeader(name: string, value: OutgoingHttpHeader) {
      operations.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      operations.push([name]);
    },
  };
  let completed = false;
  try {
    middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
      completed = error === undefined;
    });
  } catch {
    return undefined;
  }
  return completed ? operations : undefined;
}

/** Puts the BFF's security headers on responses, and takes them off again. */
export interface SecurityHeaders {
  /** Sets the headers on a response the BFF answers. */
  write(req: IncomingMessage, res: ServerResponse): void;
  /** Removes what {@link SecurityHeaders.write} set (a request the BFF passes on to its host). */
  clear(res: ServerResponse): void;
}

/**
 * helmet's security headers ({@link helmetOptions}). With this static configuration helmet
 * sets the same headers on every response, so they are computed once and copied onto each
 * response; should helmet ever need the request, it runs per request.
 */
export function createSecurityHeaders(): SecurityHeaders {
  const middleware = helmet(helmetOptions);
  const operations = recordHelmet(middleware);
  if (!operations) {
    return {
      write(req, res) {
        middleware(req, res, ignoreNext);
      },
      clear() {},
    };
  }
  const setNames = operations.filter((operation) => operation.length === 2).map(([name]) => name);
  return {
    write(_req, res) {
      for (const operation of operations) {
        if (operation.length === 2) res.setHeader(operation[0], operation[1]);
        else res.removeHeader(operation[0]);
      }
    },
    clear(res) {
      for (const name of setNames) res.removeHeader(name);
    },
  };
}

function ignoreNext(): void {}

/** {@link createSecurityHeaders} as Express middleware. */
export function securityHeadersMiddleware(headers = createSecurityHeaders()): RequestHandler {
  return function securityHeaders(req, res, next) {
    headers.write(req, res);
    next();
  };
}

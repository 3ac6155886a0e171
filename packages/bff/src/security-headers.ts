import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** The helmet configuration of the BFF. */
export const helmetOptions: HelmetOptions = {
  // The widget and every route it calls are used cross-origin: never CORP same-origin.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
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

/**
 * helmet's security headers (CSP, HSTS, `X-Content-Type-Options`, CORP `cross-origin`, …).
 * With this static configuration helmet sets the same headers on every response, so they
 * are computed once and copied onto each response; should helmet ever need the request,
 * it runs per request instead.
 */
export function createSecurityHeaders(): RequestHandler {
  const middleware = helmet(helmetOptions);
  const operations = recordHelmet(middleware);
  if (!operations) return middleware as unknown as RequestHandler;
  return function securityHeaders(_req, res, next) {
    for (const operation of operations) {
      if (operation.length === 2) res.setHeader(operation[0], operation[1]);
      else res.removeHeader(operation[0]);
    }
    next();
  };
}

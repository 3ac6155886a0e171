import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** Header paths pino must never print, whatever a custom serializer or host logger does. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'authorization',
  'agentApiToken',
  'adminToken',
  'token',
];

const loggedRequestHeaders = [
  'host',
  'origin',
  'referer',
  'user-agent',
  'content-type',
  'content-length',
] as const;

/** The request id of a response (set by {@link createRequestId}). */
export function requestIdOf(res: Response): string {
  return String(res.locals.requestId ?? '');
}

/**
 * Gives every request an id: the incoming `X-Request-Id` when it looks like one, else a
 * random UUID. It is echoed in the `X-Request-Id` response header, forwarded upstream and
 * put on every log line of the request.
 */
export function createRequestId(): RequestHandler {
  return function requestId(req, res, next) {
    const incoming = req.get('x-request-id');
    const id = incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

/** The default logger: pino at level `info` to stdout, with secrets redacted. */
export function createDefaultLogger(): Logger {
  return pino({ level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}

/**
 * Request logging with pino-http: one line per request with its id, method, URL, status
 * and duration. Only an allow-list of request headers is logged (never `Authorization` or
 * cookies); upstream request headers are never logged at all.
 */
export function createRequestLogging(logger: Logger): RequestHandler {
  const safeLogger = logger.child({}, { redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
  return pinoHttp({
    logger: safeLogger,
    genReqId: (_req: IncomingMessage, res: ServerResponse) =>
      String((res as unknown as Response).locals?.requestId ?? randomUUID()),
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req(req: {
        id: unknown;
        method: string;
        url: string;
        headers: Record<string, unknown>;
        remoteAddress?: string;
      }) {
        const headers: Record<string, unknown> = {};
        for (const name of loggedRequestHeaders) {
          if (req.headers[name] !== undefined) headers[name] = req.headers[name];
        }
        return {
          id: req.id,
          method: req.method,
          url: req.url,
          remoteAddress: req.remoteAddress,
          headers,
        };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
  }) as unknown as RequestHandler;
}

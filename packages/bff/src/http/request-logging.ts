import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { localsOf } from './request-context.js';

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

/** The request id of a response (set by `createRequestContext`). */
export function requestIdOf(res: ServerResponse): string {
  return String(localsOf(res).requestId ?? '');
}

/** The default logger: pino at level `info` to stdout, with secrets redacted. */
export function createDefaultLogger(): Logger {
  return pino({ level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}

function loggedHeaders(req: IncomingMessage): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const name of loggedRequestHeaders) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** Writes the one log line of a response that closed. */
export type ResponseLogger = (res: ServerResponse, url: string, startedAt: number) => void;

/**
 * Request logging: one pino line per request when its response closes, with its id,
 * method, URL, an allow-list of request headers (never `Authorization` or cookies),
 * status and duration; `request completed` at `info` (`warn` for 4xx, `error` for 5xx),
 * or `request aborted` at `error` when the client left first. Upstream request headers are
 * never logged at all. The line is built from that allow-list only, so there is nothing in
 * it to redact (the default logger redacts {@link REDACTED_PATHS} on every line anyway).
 */
export function createResponseLogger(logger: Logger): ResponseLogger {
  return function logResponse(res, url, startedAt) {
    const finished = res.writableFinished;
    const status = res.statusCode;
    const level = !finished || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const req = res.req;
    logger[level](
      {
        req: {
          id: localsOf(res).requestId,
          method: req.method,
          url,
          remoteAddress: req.socket?.remoteAddress,
          headers: loggedHeaders(req),
        },
        res: { statusCode: finished || res.headersSent ? status : 0 },
        responseTime: Math.round(performance.now() - startedAt),
      },
      finished ? 'request completed' : 'request aborted',
    );
  };
}

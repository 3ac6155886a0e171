import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import pino, { type Logger } from 'pino';

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
    const incoming = req.headers['x-request-id'];
    const id =
      typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

/** The default logger: pino at level `info` to stdout, with secrets redacted. */
export function createDefaultLogger(): Logger {
  return pino({ level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}

/** When the request started, kept on the response (no closure or object per request). */
interface LoggedResponse extends ServerResponse {
  [startedAt]?: number | undefined;
}

const startedAt = Symbol('agent-chat.requestStartedAt');

function loggedHeaders(req: IncomingMessage): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const name of loggedRequestHeaders) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** Logs a response that closed (`this`); shared by every request of one logger. */
function logResponse(this: LoggedResponse, logger: Logger): void {
  const started = this[startedAt];
  if (started === undefined) return;
  this[startedAt] = undefined;
  const req = this.req as IncomingMessage & { originalUrl?: string };
  const finished = this.writableFinished;
  const status = this.statusCode;
  const level = !finished || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      req: {
        id: (this as unknown as Response).locals?.requestId,
        method: req.method,
        url: req.originalUrl ?? req.url,
        remoteAddress: req.socket?.remoteAddress,
        headers: loggedHeaders(req),
      },
      res: { statusCode: finished || this.headersSent ? status : 0 },
      responseTime: Math.round(performance.now() - started),
    },
    finished ? 'request completed' : 'request aborted',
  );
}

/**
 * Request logging: one pino line per request when its response closes, with its id,
 * method, URL, an allow-list of request headers (never `Authorization` or cookies),
 * status and duration; `request completed` at `info` (`warn` for 4xx, `error` for 5xx),
 * or `request aborted` at `error` when the client left first. Upstream request headers are
 * never logged at all. Lines go through a child logger that redacts {@link REDACTED_PATHS}.
 */
export function createRequestLogging(logger: Logger): RequestHandler {
  const safeLogger = logger.child({}, { redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
  function onClose(this: LoggedResponse): void {
    logResponse.call(this, safeLogger);
  }
  return function requestLogging(_req, res, next) {
    (res as unknown as LoggedResponse)[startedAt] = performance.now();
    res.on('close', onClose);
    next();
  };
}

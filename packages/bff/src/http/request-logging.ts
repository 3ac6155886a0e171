import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { withoutDefaultRedaction } from './default-logger.js';
import { localsOf } from './request-context.js';
import type { ResponseLogger } from './response-logger.js';

const loggedRequestHeaders = [
  'host',
  'origin',
  'referer',
  'user-agent',
  'content-type',
  'content-length',
] as const;

/** Query parameter names whose values are never logged (matched lower-case, without `-`/`_`). */
const sensitiveParameter = /token|secret|passw|auth|key|sig|session|jwt|credential|cookie|code/;

/** The query route, whose parameters (other than sensitive ones) may be logged. */
const queryRoutePath = /^\/api\/agents\/[^/]*\/query\/?$/i;

/** A parameter name as matched: decoded when it can be, lower-case, without `-`, `_`, spaces. */
function nameOf(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    // A bad escape: the raw name is what is matched.
  }
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

/**
 * A request URL as it may be logged: on the admin routes (every `/api/…` path but the
 * public query route), every query parameter's value is replaced by `[redacted]`; on the
 * others, the values of parameters whose name looks secret (`token`, `access_token`,
 * `api_key`, `password`, `signature`, …). Names stay, so a log still shows what was sent.
 * A URL without a query string is returned as it is (no cost on the hot path).
 *
 * @example
 * redactUrl('/api/datasources/ds1?token=sk-1'); // '/api/datasources/ds1?token=[redacted]'
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const path = url.slice(0, start);
  const admin = /^\/api\//i.test(path) && !queryRoutePath.test(path);
  const parameters = url
    .slice(start + 1)
    .split('&')
    .map((parameter) => {
      if (parameter === '') return parameter;
      const equals = parameter.indexOf('=');
      const rawName = equals === -1 ? parameter : parameter.slice(0, equals);
      if (!admin && !sensitiveParameter.test(nameOf(rawName))) return parameter;
      return `${rawName}=[redacted]`;
    });
  return `${path}?${parameters.join('&')}`;
}

/** The request id of a response (set by `createRequestContext`). */
export function requestIdOf(res: ServerResponse): string {
  return String(localsOf(res).requestId ?? '');
}

function loggedHeaders(req: IncomingMessage): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const name of loggedRequestHeaders) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * Request logging: one pino line per request when its response closes, with its id,
 * method, URL (query values redacted by {@link redactUrl}), an allow-list of request headers (never `Authorization` or cookies),
 * status and duration; `request completed` at `info` (`warn` for 4xx, `error` for 5xx),
 * or `request aborted` at `error` when the client left first. Upstream request headers are
 * never logged at all. The line is built from that allow-list only, so there is nothing in
 * it to redact: the default logger writes it without its redaction pass (a tenth of the
 * line's cost); a host's own logger keeps whatever redaction its owner configured.
 */
export function createResponseLogger(hostLogger: Logger): ResponseLogger {
  const logger = withoutDefaultRedaction(hostLogger);
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
          url: redactUrl(url),
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

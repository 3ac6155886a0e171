import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResponseLogger } from './response-logger.js';

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

const startedAtKey = Symbol('agent-chat.requestStartedAt');
const urlKey = Symbol('agent-chat.requestUrl');

/**
 * What the context keeps per request, in `res.locals` (no closure per request). Not on
 * `res` itself: Express swaps the prototypes of `req` and `res`, after which every new
 * property gives that one object a hidden class of its own (microseconds and a kilobyte
 * each), while `res.locals` is a dictionary.
 */
interface ContextLocals {
  requestId?: string;
  [startedAtKey]?: number | undefined;
  [urlKey]?: string | undefined;
}

type ContextResponse = ServerResponse & { locals?: ContextLocals };

/**
 * The `locals` of a response, created when the request has not been through Express
 * (which creates it): the BFF keeps its per-request state there either way.
 */
export function localsOf(res: ServerResponse): Record<string | symbol, unknown> {
  const response = res as ServerResponse & { locals?: Record<string | symbol, unknown> };
  response.locals ??= Object.create(null) as Record<string | symbol, unknown>;
  return response.locals;
}

/** When the request of `res` arrived (`performance.now()`), as recorded by the context. */
export function requestStartedAt(res: ServerResponse): number {
  return (localsOf(res) as ContextLocals)[startedAtKey] ?? performance.now();
}

/** Options of {@link createRequestContext}. */
export interface RequestContextOptions {
  /** Counts a response that closed, by the URL it had when it entered the BFF. */
  metrics: { countResponse(res: ServerResponse, url: string): void };
  /** Writes the request's log line when its response closes; absent when logging is off. */
  logResponse?: ResponseLogger | undefined;
}

/** Starts the context of one request (see {@link createRequestContext}). */
export type RequestContext = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The first step of every request the BFF sees, run once per request (by the router's
 * first layer, or by the standalone listener before the query route):
 *
 * - a request id: the incoming `X-Request-Id` when it looks like one, else a random UUID;
 *   echoed in the `X-Request-Id` response header, forwarded upstream (`res.locals.requestId`)
 *   and put on every log line of the request;
 * - one `close` listener, shared by all requests, that counts the response in the metrics
 *   and writes its log line, with the URL as it was when the request entered the BFF
 *   (relative to where the BFF is mounted).
 */
export function createRequestContext(options: RequestContextOptions): RequestContext {
  const { metrics, logResponse } = options;

  function onClose(this: ContextResponse): void {
    const locals = this.locals;
    const url = locals?.[urlKey];
    if (locals === undefined || url === undefined) return;
    locals[urlKey] = undefined;
    metrics.countResponse(this, url);
    logResponse?.(this, url, locals[startedAtKey] ?? performance.now());
  }

  return function requestContext(req, res) {
    const locals = localsOf(res) as ContextLocals;
    locals[startedAtKey] = performance.now();
    locals[urlKey] = req.url;
    const incoming = req.headers['x-request-id'];
    const id =
      typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    res.on('close', onClose);
  };
}

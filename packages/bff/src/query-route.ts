import type { IncomingMessage } from 'node:http';
import { ERROR_CODES, ID_PATTERN, type QueryRequest } from '@agent-chat/protocol';
import express, {
  type ErrorRequestHandler,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import type { Logger } from 'pino';
import type { BffMetrics } from './bff-metrics.js';
import type { QueryPolicy } from './query-policy.js';
import type { RateLimits } from './rate-limits.js';
import { type AbortCause, createRelayControl, type RelayControl } from './relay-control.js';
import { requestIdOf } from './request-logging.js';
import type { ResolvedBffOptions } from './resolve-bff-options.js';
import { sendError } from './send-error.js';
import { relayStream, SHUTTING_DOWN } from './stream-relay.js';
import type { StreamSlots } from './stream-slots.js';
import type { StreamTracker } from './stream-tracker.js';
import type { UpstreamClient } from './upstream-client.js';
import {
  errorCodeOfBody,
  type MappedError,
  mapUpstreamStatus,
  readBodyText,
  TIMED_OUT,
  UNREACHABLE,
} from './upstream-errors.js';

/** Everything the public query route is built from (created once by `createBff`). */
export interface QueryRouteOptions {
  options: ResolvedBffOptions;
  upstream: UpstreamClient;
  policy: QueryPolicy;
  rateLimits: RateLimits;
  slots: StreamSlots;
  tracker: StreamTracker;
  metrics: BffMetrics;
  isShuttingDown(): boolean;
  logger: Logger | undefined;
}

interface QueryLocals {
  agentId: string;
  startedAt: number;
  body: QueryRequest;
}

const localsOf = (res: Response) => res.locals as unknown as QueryLocals;

/**
 * Creates the router with the one public route, `POST /api/agents/:id/query`:
 * shutdown check → id check → agent allow-list → per-IP limit → body (size-limited JSON)
 * → policy and validation → per-visitor limit → per-visitor stream cap → relay.
 * Nothing reaches the upstream before every check has passed.
 */
export function createQueryRoute(deps: QueryRouteOptions): Router {
  const { options, upstream, policy, rateLimits, slots, tracker, metrics } = deps;
  const router = express.Router();

  const admit: RequestHandler = function admitQuery(req, res, next) {
    if (deps.isShuttingDown()) {
      sendError(res, SHUTTING_DOWN.status, SHUTTING_DOWN.code, SHUTTING_DOWN.message);
      return;
    }
    const agentId = typeof req.params.id === 'string' ? req.params.id : '';
    if (!ID_PATTERN.test(agentId)) {
      sendError(
        res,
        400,
        ERROR_CODES.invalidRequest,
        'The agent id must be 1 to 128 letters, digits, "_" or "-".',
      );
      return;
    }
    if (options.allowedAgents !== '*' && !options.allowedAgents.has(agentId)) {
      sendError(res, 404, ERROR_CODES.notFound, `Agent "${agentId}" is not available here.`);
      return;
    }
    Object.assign(res.locals, { agentId, startedAt: performance.now() });
    next();
  };

  const parseJson = express.json({
    limit: options.maxBodyBytes,
    type: ['application/json', 'text/plain'],
    strict: true,
  });

  const applyPolicy: RequestHandler = function applyQueryPolicy(req, res, next) {
    if (req.body === undefined) {
      sendError(
        res,
        415,
        ERROR_CODES.invalidRequest,
        'Send the query as JSON with "Content-Type: application/json".',
      );
      return;
    }
    const result = policy.apply(localsOf(res).agentId, req.body);
    if (!result.ok) {
      sendError(res, 400, result.code, result.message);
      return;
    }
    localsOf(res).body = result.body;
    next();
  };

  const relay: RequestHandler = function relayQuery(_req, res) {
    const { agentId, body } = localsOf(res);
    let release: (() => void) | undefined;
    if (body.streaming === true && body.visitorId !== undefined) {
      release = slots.acquire(body.visitorId);
      if (!release) {
        metrics.countRateLimited('streams');
        sendError(
          res,
          429,
          ERROR_CODES.rateLimited,
          `This visitor already has ${options.maxStreamsPerVisitor} answers streaming; wait for one to finish.`,
        );
        return;
      }
    }
    void forward(res, agentId, body).finally(() => release?.());
  };

  async function forward(res: Response, agentId: string, body: QueryRequest) {
    const streaming = body.streaming === true;
    const control = createRelayControl();
    const untrack = tracker.add({ stream: streaming, terminate: () => control.abort('shutdown') });
    const onClose = () => {
      if (!res.writableFinished) control.abort('client');
    };
    res.on('close', onClose);
    // Log lines carry the request id and agent; built only when something is logged.
    const log = (level: 'warn' | 'error', fields: Record<string, unknown>, message: string) =>
      deps.logger?.[level]({ reqId: requestIdOf(res), agentId, ...fields }, message);
    const fail = (error: MappedError, detail?: Record<string, unknown>) => {
      metrics.countUpstreamError(error.code);
      log('warn', { upstream: detail, code: error.code }, 'upstream query failed');
      sendError(res, error.status, error.code, error.message);
    };
    try {
      control.arm(options.firstByteTimeoutMs);
      let response: IncomingMessage;
      try {
        response = await upstream.request({
          method: 'POST',
          path: `/api/agents/${encodeURIComponent(agentId)}/query`,
          body: JSON.stringify(body),
          accept: streaming ? 'text/event-stream' : 'application/json',
          requestId: requestIdOf(res),
          signal: control.signal,
        });
      } catch (error) {
        const cause = control.cause();
        if (cause === 'client') return;
        if (cause === 'shutdown') {
          sendError(res, SHUTTING_DOWN.status, SHUTTING_DOWN.code, SHUTTING_DOWN.message);
        } else if (cause === 'timeout') {
          fail(TIMED_OUT, { phase: 'headers' });
        } else {
          fail(UNREACHABLE, { error: describeCause(error) });
        }
        return;
      }
      const status = response.statusCode ?? 502;
      if (status < 200 || status >= 300) {
        const text = await readBodyText(response);
        const bodyCode = errorCodeOfBody(text);
        if (control.cause() === 'client') return;
        fail(mapUpstreamStatus(status, bodyCode, agentId), { status, code: bodyCode });
        return;
      }
      const contentType = String(response.headers['content-type'] ?? '');
      const isJson = /^application\/(?:[\w.+-]*\+)?json/i.test(contentType);
      if (streaming && !isJson) {
        await relayStream(res, response, {
          dialect: options.upstreamDialect,
          agentId,
          heartbeatMs: options.heartbeatMs,
          idleTimeoutMs: options.idleTimeoutMs,
          control,
          onFirstEvent: () =>
            metrics.observeTimeToFirstEvent((performance.now() - localsOf(res).startedAt) / 1000),
          onUpstreamError: (error) => {
            metrics.countUpstreamError(error.code);
            log('warn', { code: error.code }, 'upstream stream failed');
          },
        });
        return;
      }
      await relayJson(res, response, control, options.idleTimeoutMs, fail);
    } catch (error) {
      log('error', { err: { message: (error as Error).message } }, 'query relay failed');
      if (!res.headersSent) {
        sendError(res, 500, ERROR_CODES.internal, 'Something went wrong on the chat server.');
      } else {
        res.destroy();
      }
    } finally {
      control.disarm();
      res.off('close', onClose);
      untrack();
    }
  }

  const bodyErrors: ErrorRequestHandler = function queryBodyErrors(error, _req, res, next) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      sendError(
        res,
        413,
        ERROR_CODES.payloadTooLarge,
        `The request body is larger than the limit of ${options.maxBodyBytes} bytes.`,
      );
      return;
    }
    if (type === 'entity.parse.failed') {
      sendError(res, 400, ERROR_CODES.invalidRequest, 'The request body is not valid JSON.');
      return;
    }
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      sendError(res, 415, ERROR_CODES.invalidRequest, 'Send the body as UTF-8 JSON.');
      return;
    }
    if (type === 'request.aborted') return;
    next(error);
  };

  router.post(
    '/api/agents/:id/query',
    admit,
    rateLimits.perIp,
    parseJson,
    applyPolicy,
    rateLimits.perVisitor,
    relay,
  );
  router.use('/api/agents/:id/query', bodyErrors);
  return router;
}

/**
 * Relays a JSON answer as it comes (no parsing: the BFF adds nothing to its latency), with
 * backpressure; the idle deadline is restarted by every chunk. Resolves when the answer
 * was relayed or the relay failed (mapped to a JSON error before the first byte, a cut
 * connection after it).
 */
function relayJson(
  res: Response,
  response: IncomingMessage,
  control: RelayControl,
  idleTimeoutMs: number,
  fail: (error: MappedError) => void,
): Promise<void> {
  control.arm(idleTimeoutMs);
  res.statusCode = 200;
  res.setHeader('Content-Type', response.headers['content-type'] ?? 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  const length = response.headers['content-length'];
  if (length !== undefined) res.setHeader('Content-Length', length);
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      settled = true;
      response.off('data', onData);
      res.off('drain', onDrain);
      resolve();
    };
    const onDrain = () => response.resume();
    const onData = (chunk: Buffer) => {
      control.arm(idleTimeoutMs);
      if (!res.write(chunk)) {
        response.pause();
        res.once('drain', onDrain);
      }
    };
    response.on('data', onData);
    response.once('end', () => {
      if (settled) return;
      res.end();
      settle();
    });
    response.on('error', ignoreError);
    response.once('close', () => {
      if (settled) return;
      settle();
      const cause: AbortCause | undefined = control.cause();
      if (cause === 'client') return;
      if (!res.headersSent) {
        fail(cause === 'timeout' ? TIMED_OUT : cause === 'shutdown' ? SHUTTING_DOWN : UNREACHABLE);
      } else {
        res.destroy();
      }
    });
  });
}

function ignoreError(): void {}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' ? code : cause instanceof Error ? cause.message : 'unknown';
}

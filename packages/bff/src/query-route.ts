import type { IncomingMessage } from 'node:http';
import { ERROR_CODES, ID_PATTERN, type QueryRequest } from '@agent-chat/protocol';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { BffMetrics } from './bff-metrics.js';
import type { OriginCheck } from './cors.js';
import { createHeartbeatTicker } from './heartbeat-ticker.js';
import type { QueryPolicy } from './query-policy.js';
import { type RateLimits, setRateLimitVisitor } from './rate-limits.js';
import { type JsonBodyResult, readJsonBody } from './read-json-body.js';
import { type AbortCause, createRelayControl, type RelayControl } from './relay-control.js';
import { requestStartedAt } from './request-context.js';
import { requestIdOf } from './request-logging.js';
import type { ResolvedBffOptions } from './resolve-bff-options.js';
import type { SecurityHeaders } from './security-headers.js';
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
  checkOrigin: OriginCheck;
  securityHeaders: SecurityHeaders;
  isShuttingDown(): boolean;
  logger: Logger | undefined;
}

/** The route's path (relative to the BFF's mount), matched as Express would: any case, optional trailing slash. */
const queryPath = /^\/api\/agents\/([^/?#]*)\/query\/?(?:\?|$)/i;

function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Creates the one public route, `POST /api/agents/:id/query`, as a single middleware that
 * passes every other request on:
 * Origin check → shutdown check → id check → agent allow-list → per-IP limit → body
 * (size-limited JSON) → policy and validation → per-visitor limit → per-visitor stream cap
 * → relay. Nothing reaches the upstream before every check has passed.
 *
 * The steps call each other directly instead of being Express layers: this is the route
 * every visitor's question takes, and a router layer per step costs more than the step.
 */
export function createQueryRoute(deps: QueryRouteOptions): RequestHandler {
  const { options, upstream, policy, rateLimits, slots, tracker, metrics } = deps;
  const heartbeats = createHeartbeatTicker(options.heartbeatMs);

  function bodyFailed(res: Response, failure: JsonBodyResult & { ok: false }): void {
    switch (failure.reason) {
      case 'aborted':
        return;
      case 'too-large':
        res.setHeader('Connection', 'close');
        sendError(
          res,
          413,
          ERROR_CODES.payloadTooLarge,
          `The request body is larger than the limit of ${options.maxBodyBytes} bytes.`,
        );
        return;
      case 'invalid-json':
        sendError(res, 400, ERROR_CODES.invalidRequest, 'The request body is not valid JSON.');
        return;
      case 'not-json':
        sendError(
          res,
          415,
          ERROR_CODES.invalidRequest,
          'Send the query as JSON with "Content-Type: application/json".',
        );
        return;
      case 'unsupported-charset':
      case 'unsupported-encoding':
        sendError(res, 415, ERROR_CODES.invalidRequest, 'Send the body as UTF-8 JSON.');
        return;
      case 'already-read':
        deps.logger?.error(
          { reqId: requestIdOf(res) },
          'the query body was read before the BFF got it, and no parsed body was left in req.body: mount the BFF before middleware that reads request bodies',
        );
        sendError(
          res,
          500,
          ERROR_CODES.internal,
          'The chat server could not read the question. Please tell the site operator.',
        );
        return;
    }
  }

  return function publicQuery(req, res, next) {
    if (req.method !== 'POST') {
      next();
      return;
    }
    const match = queryPath.exec(req.url);
    if (!match) {
      next();
      return;
    }
    deps.securityHeaders.write(req, res);
    if (!deps.checkOrigin(req, res)) return;
    if (deps.isShuttingDown()) {
      sendError(res, SHUTTING_DOWN.status, SHUTTING_DOWN.code, SHUTTING_DOWN.message);
      return;
    }
    const agentId = decodeSegment(match[1] ?? '');
    if (agentId === undefined || !ID_PATTERN.test(agentId)) {
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
    let body: QueryRequest | undefined;
    const afterVisitorLimit = (error?: unknown): void => {
      if (error) next(error);
      else if (body) relay(res, agentId, body);
    };
    const afterBody = (result: JsonBodyResult): void => {
      if (!result.ok) {
        bodyFailed(res, result);
        return;
      }
      const applied = policy.apply(agentId, result.body);
      if (!applied.ok) {
        sendError(res, 400, applied.code, applied.message);
        return;
      }
      body = applied.body;
      setRateLimitVisitor(res, body.visitorId);
      void rateLimits.perVisitor(req, res, afterVisitorLimit);
    };
    void rateLimits.perIp(req, res, (error?: unknown) => {
      if (error) next(error);
      else readJsonBody(req, options.maxBodyBytes, afterBody);
    });
  };

  function relay(res: Response, agentId: string, body: QueryRequest): void {
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
    void forward(res, agentId, body).finally(release);
  }

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
          control,
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
          heartbeats,
          idleTimeoutMs: options.idleTimeoutMs,
          control,
          onFirstEvent: () =>
            metrics.observeTimeToFirstEvent((performance.now() - requestStartedAt(res)) / 1000),
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

import type { ServerResponse } from 'node:http';
import { ERROR_CODES, type QueryRequest } from '@agent-chat/protocol';
import type { Logger } from 'pino';
import { requestIdOf, requestStartedAt, sendError } from '../http/index.js';
import type { AnswerIdsRewriter } from '../identity/index.js';
import type { BffMetrics } from '../ops/index.js';
import type { ResolvedBffOptions } from '../options/index.js';
import {
  createRelayControl,
  errorCodeOfBody,
  type MappedError,
  mapUpstreamStatus,
  readBodyText,
  TIMED_OUT,
  UNREACHABLE,
  type UpstreamClient,
  type UpstreamResponse,
} from '../upstream/index.js';
import { createHeartbeatTicker } from './heartbeat-ticker.js';
import { relayJson } from './json-relay.js';
import { relayStream, SHUTTING_DOWN } from './stream-relay.js';
import type { StreamTracker } from './stream-tracker.js';

/**
 * Sends a checked query upstream and relays the answer, its ids rewritten for the browser
 * by `rewriteIds`; resolves when the relay is over.
 */
export type QueryForwarder = (
  res: ServerResponse,
  agentId: string,
  body: QueryRequest,
  rewriteIds: AnswerIdsRewriter,
) => Promise<void>;

/** What the forwarder works with: a part of the query route's options. */
export interface QueryForwarderOptions {
  options: Pick<
    ResolvedBffOptions,
    'heartbeatMs' | 'firstByteTimeoutMs' | 'idleTimeoutMs' | 'upstreamDialect'
  >;
  upstream: UpstreamClient;
  tracker: StreamTracker;
  metrics: BffMetrics;
  logger: Logger | undefined;
}

const jsonContentType = /^application\/(?:[\w.+-]*\+)?json/i;

function describeCause(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' ? code : cause instanceof Error ? cause.message : 'unknown';
}

/**
 * Creates the last step of the query route: the upstream request (with the token, the
 * request id and a first-byte deadline), then the answer relayed as a stream
 * ({@link relayStream}) or as JSON ({@link relayJson}), or mapped to the visitor's error.
 * Every relay is tracked for graceful shutdown and aborted when the browser goes away.
 */
export function createQueryForwarder(deps: QueryForwarderOptions): QueryForwarder {
  const { options, upstream, tracker, metrics } = deps;
  const heartbeats = createHeartbeatTicker(options.heartbeatMs);

  return async function forward(res, agentId, body, rewriteIds) {
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
      let response: UpstreamResponse;
      try {
        response = await upstream.request({
          method: 'POST',
          path: `/api/agents/${encodeURIComponent(agentId)}/query`,
          body: JSON.stringify(body),
          accept: streaming ? 'text/event-stream' : 'application/json',
          requestId: requestIdOf(res),
          channel: 'widget',
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
      const status = response.statusCode;
      if (status < 200 || status >= 300) {
        const text = await readBodyText(response.body);
        const bodyCode = errorCodeOfBody(text);
        if (control.cause() === 'client') return;
        fail(mapUpstreamStatus(status, bodyCode, agentId), { status, code: bodyCode });
        return;
      }
      const contentType = String(response.headers['content-type'] ?? '');
      if (streaming && !jsonContentType.test(contentType)) {
        await relayStream(res, response.body, {
          dialect: options.upstreamDialect,
          agentId,
          heartbeats,
          idleTimeoutMs: options.idleTimeoutMs,
          control,
          rewriteIds,
          onFirstEvent: () =>
            metrics.observeTimeToFirstEvent((performance.now() - requestStartedAt(res)) / 1000),
          onUpstreamError: (error) => {
            metrics.countUpstreamError(error.code);
            log('warn', { code: error.code }, 'upstream stream failed');
          },
        });
        return;
      }
      await relayJson(
        res,
        response,
        { control, idleTimeoutMs: options.idleTimeoutMs, rewriteIds },
        fail,
      );
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
  };
}

import type { IncomingMessage } from 'node:http';
import {
  createSseEncoder,
  decodeSseStream,
  ERROR_CODES,
  SSE_HEADERS,
  type SseDialect,
} from '@agent-chat/protocol';
import type { Response } from 'express';
import type { RelayControl } from './relay-control.js';
import { sendError } from './send-error.js';
import { type MappedError, mapUpstreamCode, TIMED_OUT } from './upstream-errors.js';

/** What {@link relayStream} needs besides the two ends. */
export interface StreamRelayOptions {
  dialect: SseDialect;
  agentId: string;
  heartbeatMs: number;
  idleTimeoutMs: number;
  control: RelayControl;
  /** Called right before the first event goes to the browser. */
  onFirstEvent(): void;
  /** Called when the stream fails because of the upstream (not the browser, not shutdown). */
  onUpstreamError(error: MappedError): void;
}

/** How a relayed stream ended. */
export type StreamOutcome = 'done' | 'error' | 'client-gone';

const encoder = createSseEncoder();
const heartbeatFrame = encoder.encode({ type: 'heartbeat' });

export const SHUTTING_DOWN: MappedError = {
  status: 503,
  code: ERROR_CODES.shuttingDown,
  message: 'The chat server is restarting. Please try again in a moment.',
};

/** Resolves true on `drain`, false when the response closes or the relay is aborted first. */
function drained(res: Response, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (value: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      signal.removeEventListener('abort', onClose);
      resolve(value);
    };
    const onDrain = () => finish(true);
    const onClose = () => finish(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
    signal.addEventListener('abort', onClose);
  });
}

/**
 * Relays an upstream query stream to the browser: decodes it in the upstream's dialect
 * and re-encodes every event in the spec dialect.
 *
 * - Our response headers wait for the first real event, so an error that comes first
 *   (Chaindesk's 200 + `[ERROR]USAGE_LIMIT`) still becomes a JSON error with its status.
 * - After that, every failure is an `[ERROR]` frame followed by the end of the stream.
 * - Backpressure: the next upstream chunk is read only after the browser drained the last
 *   one; upstream heartbeats are not forwarded, ours are sent every `heartbeatMs` instead.
 * - The idle deadline is restarted by every upstream event and paused while the browser
 *   is slow, where the same deadline bounds how long a non-reading browser is waited for.
 */
export async function relayStream(
  res: Response,
  upstream: IncomingMessage,
  options: StreamRelayOptions,
): Promise<StreamOutcome> {
  const { control } = options;
  const events = decodeSseStream(upstream, { dialect: options.dialect })[Symbol.asyncIterator]();
  let started = false;
  let heartbeat: NodeJS.Timeout | undefined;

  const failure = (code: string): MappedError => {
    const cause = control.cause();
    if (cause === 'timeout') {
      options.onUpstreamError(TIMED_OUT);
      return TIMED_OUT;
    }
    if (cause === 'shutdown') return SHUTTING_DOWN;
    const mapped = mapUpstreamCode(code, options.agentId);
    options.onUpstreamError(mapped);
    return mapped;
  };

  try {
    for (;;) {
      const step = await events.next();
      if (control.cause() === 'client' || res.destroyed) return 'client-gone';
      if (step.done) {
        // decodeSseStream always ends with `done` or `error`; this is a safety net.
        const error = failure(ERROR_CODES.streamInterrupted);
        if (!started) sendError(res, error.status, error.code, error.message);
        else res.end(encoder.encode({ type: 'error', code: error.code, message: error.message }));
        return 'error';
      }
      const event = step.value;
      if (event.type === 'heartbeat') {
        if (started) control.arm(options.idleTimeoutMs);
        continue;
      }
      if (event.type === 'error') {
        const error = failure(event.code);
        if (!started) sendError(res, error.status, error.code, error.message);
        else res.end(encoder.encode({ type: 'error', code: error.code, message: error.message }));
        return 'error';
      }
      if (!started) {
        started = true;
        options.onFirstEvent();
        res.writeHead(200, SSE_HEADERS);
        heartbeat = setInterval(() => {
          if (!res.writableNeedDrain && !res.writableEnded) res.write(heartbeatFrame);
        }, options.heartbeatMs);
      }
      control.arm(options.idleTimeoutMs);
      const frame = encoder.encode(event);
      if (event.type === 'done') {
        res.end(frame);
        return 'done';
      }
      if (!res.write(frame)) {
        control.disarm();
        const stalled = setTimeout(() => control.abort('timeout'), options.idleTimeoutMs);
        const ok = await drained(res, control.signal);
        clearTimeout(stalled);
        if (!ok && (control.cause() === 'client' || res.destroyed)) return 'client-gone';
        if (!ok && control.cause() === 'timeout') {
          // The browser stopped reading: it cannot receive a frame either.
          res.destroy();
          return 'client-gone';
        }
        control.arm(options.idleTimeoutMs);
      }
    }
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    control.disarm();
    if (!upstream.complete) upstream.destroy();
    void events.return(undefined).catch(() => {});
  }
}

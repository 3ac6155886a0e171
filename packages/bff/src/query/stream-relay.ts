import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import {
  createSseEncoder,
  createSseRelayDecoder,
  ERROR_CODES,
  SSE_HEADERS,
  type SseDialect,
  type StreamEvent,
} from '@agent-chat/protocol';
import { sendError } from '../http/index.js';
import type { AnswerIdsRewriter } from '../identity/index.js';
import {
  type MappedError,
  mapUpstreamCode,
  type RelayControl,
  TIMED_OUT,
} from '../upstream/index.js';
import type { HeartbeatTicker } from './heartbeat-ticker.js';

/** What {@link relayStream} needs besides the two ends. */
export interface StreamRelayOptions {
  dialect: SseDialect;
  agentId: string;
  /** Sends our heartbeats while the stream is open. */
  heartbeats: HeartbeatTicker;
  idleTimeoutMs: number;
  control: RelayControl;
  /**
   * Signs the ids of the final answer: `endpoint_response` fragments are held back and
   * sent as one rewritten frame before the next other event (a fragment that is not a
   * JSON object is dropped).
   */
  rewriteIds: AnswerIdsRewriter;
  /** Called right before the first event goes to the browser. */
  onFirstEvent(): void;
  /** Called when the stream fails because of the upstream (not the browser, not shutdown). */
  onUpstreamError(error: MappedError): void;
  /** Bound on reading the upstream body's end after `[DONE]`. Default {@link UPSTREAM_DRAIN_MS}. */
  upstreamDrainMs?: number;
}

/** How a relayed stream ended. */
export type StreamOutcome = 'done' | 'error' | 'client-gone';

const encoder = createSseEncoder();
const sseHeaderNames = Object.keys(SSE_HEADERS) as (keyof typeof SSE_HEADERS)[];

/**
 * Longest wait, after the upstream sent `[DONE]` (or an `[ERROR]` frame), for the end of its
 * response body. Reading it to its end returns the keep-alive socket to the pool, so the next
 * stream does not pay a new TCP connection; an upstream that does not end by then is cut off.
 */
export const UPSTREAM_DRAIN_MS = 2_000;

/** What a visitor gets when the BFF is shutting down (a JSON 503, or an `[ERROR]` frame). */
export const SHUTTING_DOWN: MappedError = {
  status: 503,
  code: ERROR_CODES.shuttingDown,
  message: 'The chat server is restarting. Please try again in a moment.',
};

const ignore = (): void => {};

function destroyIfIncomplete(upstream: Readable): void {
  if (!upstream.readableEnded) upstream.destroy();
}

/**
 * Relays an upstream query stream to the browser in the spec dialect: answer fragments the
 * upstream already sent in the spec encoder's form are forwarded as they came (bytes, not
 * decoded and re-encoded: most of a stream), every other event is decoded in the
 * upstream's dialect and re-encoded ({@link createSseRelayDecoder}).
 *
 * - Our response headers wait for the first real event, so an error that comes first
 *   (Chaindesk's 200 + `[ERROR]USAGE_LIMIT`) still becomes a JSON error with its status.
 * - After that, every failure is an `[ERROR]` frame followed by the end of the stream.
 * - The frames read from the upstream in one socket read go to the browser in one write.
 * - Backpressure: the upstream is paused while the browser has not drained the last write;
 *   upstream heartbeats are not forwarded, ours are sent by the shared ticker instead.
 * - The idle deadline is restarted by every upstream read that carries an event and,
 *   while the browser is slow, bounds how long a non-reading browser is waited for (then
 *   its connection is closed).
 * - After `[DONE]` the rest of the upstream response is read to its end (at most
 *   {@link UPSTREAM_DRAIN_MS}), so its keep-alive socket is reused; on abort, timeout,
 *   error or client disconnect the upstream response is destroyed.
 */
export function relayStream(
  res: ServerResponse,
  upstream: Readable,
  options: StreamRelayOptions,
): Promise<StreamOutcome> {
  const { control, idleTimeoutMs } = options;
  const drainMs = options.upstreamDrainMs ?? UPSTREAM_DRAIN_MS;
  let started = false;
  let settled = false;
  let waitingForDrain = false;
  // Whether the upstream chunks since the last flush carried at least one event.
  let eventsInRead = false;
  // Whether a flush of the batch is queued (a microtask: after the current socket read).
  let flushQueued = false;
  // Frames read since the last flush, written at once.
  let batch: Uint8Array[] = [];
  const takeBatch = (last?: string): Uint8Array => {
    if (last !== undefined) batch.push(Buffer.from(last));
    const frames = batch.length === 1 ? (batch[0] as Uint8Array) : Buffer.concat(batch);
    batch = [];
    return frames;
  };
  let resolveOutcome: (outcome: StreamOutcome) => void = ignore;
  const outcome = new Promise<StreamOutcome>((resolve) => {
    resolveOutcome = resolve;
  });

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

  const finish = (result: StreamOutcome, reuseUpstream: boolean): void => {
    settled = true;
    if (started) options.heartbeats.delete(res);
    control.disarm();
    upstream.off('data', onData);
    upstream.off('end', onEnd);
    upstream.off('close', onUpstreamClose);
    res.off('drain', onDrain);
    control.onAbort(undefined);
    if (reuseUpstream && control.cause() === undefined) {
      // Read the rest (the end of the chunked body) so the socket goes back to the pool.
      upstream.resume();
      if (!upstream.readableEnded) {
        // Cleared at the end of the body: a pending timer would keep the response alive.
        const drainTimer = setTimeout(destroyIfIncomplete, drainMs, upstream);
        upstream.once('close', () => clearTimeout(drainTimer));
      }
    } else {
      destroyIfIncomplete(upstream);
    }
    resolveOutcome(result);
  };

  const fail = (code: string, fromUpstreamFrame: boolean): void => {
    const error = failure(code);
    if (!started) {
      sendError(res, error.status, error.code, error.message);
    } else {
      res.end(
        takeBatch(encoder.encode({ type: 'error', code: error.code, message: error.message })),
      );
    }
    finish('error', fromUpstreamFrame);
  };

  // The final answer's JSON fragments, held back until they are complete.
  let endpointJson = '';

  const onEvent = (event: StreamEvent): void => {
    if (settled) return;
    eventsInRead = true;
    if (event.type === 'heartbeat') return;
    if (event.type === 'error') {
      fail(event.code, true);
      return;
    }
    if (event.type === 'endpoint_response') {
      endpointJson += event.json;
      return;
    }
    flushEndpointResponse();
    emit(event);
  };

  /** Answer frames in the spec encoder's form: forwarded as they came. */
  const onAnswerFrames = (frames: Uint8Array): void => {
    if (settled) return;
    eventsInRead = true;
    flushEndpointResponse();
    start();
    batch.push(frames);
  };

  /** Sends the held-back final answer, its ids rewritten, before the next other event. */
  const flushEndpointResponse = (): void => {
    if (endpointJson === '') return;
    const json = options.rewriteIds(endpointJson);
    endpointJson = '';
    if (json !== undefined) emit({ type: 'endpoint_response', json });
  };

  /** Starts the response (once): our status and headers wait for the first real event. */
  const start = (): void => {
    if (started) return;
    started = true;
    options.onFirstEvent();
    for (const name of sseHeaderNames) res.setHeader(name, SSE_HEADERS[name]);
    res.writeHead(200);
    options.heartbeats.add(res);
  };

  /** Sends an event to the browser (in the current batch), starting the response first. */
  const emit = (event: Exclude<StreamEvent, { type: 'heartbeat' | 'error' }>): void => {
    start();
    if (event.type === 'done') {
      res.end(takeBatch(encoder.encode(event)));
      finish('done', true);
      return;
    }
    batch.push(Buffer.from(encoder.encode(event)));
  };

  const decoder = createSseRelayDecoder({ dialect: options.dialect }, { onAnswerFrames, onEvent });

  function onData(chunk: Buffer): void {
    decoder.feed(chunk);
    if (settled || flushQueued) return;
    flushQueued = true;
    queueMicrotask(flush);
  }

  /**
   * Writes what the upstream chunks of one socket read carried, after the last of them: an
   * upstream that writes every fragment on its own sends dozens of chunks per read, and one
   * write for them all costs the browser's connection one chunk instead of dozens.
   */
  function flush(): void {
    flushQueued = false;
    if (settled) return;
    // Every read that carried an event (upstream heartbeats too) restarts the idle deadline.
    if (started && eventsInRead) control.arm(idleTimeoutMs);
    eventsInRead = false;
    if (batch.length === 0) return;
    if (!res.write(takeBatch())) {
      waitingForDrain = true;
      upstream.pause();
      // The same deadline now bounds how long a browser that does not read is waited for.
      control.arm(idleTimeoutMs);
      res.on('drain', onDrain);
    }
  }

  function onDrain(): void {
    res.off('drain', onDrain);
    waitingForDrain = false;
    if (settled) return;
    control.arm(idleTimeoutMs);
    upstream.resume();
  }

  function onEnd(): void {
    if (settled) return;
    // A stream that ended without `[DONE]` or `[ERROR]` becomes STREAM_INTERRUPTED.
    decoder.end();
    if (!settled) fail(ERROR_CODES.streamInterrupted, false);
  }

  function onUpstreamClose(): void {
    if (!settled) fail(ERROR_CODES.streamInterrupted, false);
  }

  function onAbort(): void {
    if (settled) return;
    const cause = control.cause();
    if (cause === 'client' || res.destroyed) {
      finish('client-gone', false);
      return;
    }
    if (cause === 'timeout' && waitingForDrain) {
      // The browser stopped reading: it cannot receive a frame either.
      res.destroy();
      finish('client-gone', false);
      return;
    }
    fail(ERROR_CODES.streamInterrupted, false);
  }

  // Errors of the upstream response show up as its `close` without `end`; the listener
  // stays so a late error (e.g. while draining) is never unhandled.
  upstream.on('error', ignore);
  control.onAbort(onAbort);
  if (settled) return outcome;
  upstream.on('data', onData);
  upstream.on('end', onEnd);
  upstream.on('close', onUpstreamClose);
  return outcome;
}

import http from 'node:http';
import { createSseDecoder } from '@agent-chat/protocol';
import { elapsedMs } from './percentiles.js';

/** One query stream to open. */
export interface StreamRequest {
  url: string;
  body: string;
  headers?: Record<string, string>;
}

/** How one stream went. */
export interface StreamOutcome {
  /** HTTP status, 0 when no response arrived. */
  status: number;
  /** From just before the request was written to the first decoded event (heartbeats excluded), ms. */
  ttfeMs?: number;
  /** From just before the request was written to the end of the stream, ms. */
  durationMs: number;
  /** Decoded events, heartbeats excluded. */
  events: number;
  /** The stream ended with `[DONE]`. */
  done: boolean;
  /** The stream was aborted by the client (on purpose), before it finished. */
  aborted: boolean;
  /** What went wrong, when the stream neither completed nor was aborted. */
  error?: string;
}

/** A stream in flight. */
export interface StreamHandle {
  /** Resolves at the first event, or when the stream finishes without one. */
  readonly firstEvent: Promise<void>;
  readonly finished: Promise<StreamOutcome>;
  /** Closes the connection (a visitor closing the tab). */
  abort(): void;
}

/** An HTTP agent for load clients: keep-alive, and no cap on sockets. */
export function createLoadAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
}

/**
 * Opens one query stream and reads it to the end with the protocol's SSE decoder, timing
 * the first event with `process.hrtime`. Never rejects: failures are reported in the outcome.
 */
export function openStream(request: StreamRequest, agent: http.Agent): StreamHandle {
  const target = new URL(request.url);
  let resolveFirst!: () => void;
  const firstEvent = new Promise<void>((resolve) => {
    resolveFirst = resolve;
  });
  let resolveFinished!: (outcome: StreamOutcome) => void;
  const finished = new Promise<StreamOutcome>((resolve) => {
    resolveFinished = resolve;
  });
  const outcome: StreamOutcome = {
    status: 0,
    durationMs: 0,
    events: 0,
    done: false,
    aborted: false,
  };
  let settled = false;
  const start = process.hrtime.bigint();
  const settle = (error?: string): void => {
    if (settled) return;
    settled = true;
    outcome.durationMs = elapsedMs(start);
    if (error !== undefined && !outcome.done && !outcome.aborted) outcome.error = error;
    resolveFirst();
    resolveFinished(outcome);
  };
  const decoder = createSseDecoder({}, (event) => {
    if (event.type === 'heartbeat') return;
    if (outcome.events === 0) {
      outcome.ttfeMs = elapsedMs(start);
      resolveFirst();
    }
    outcome.events += 1;
    if (event.type === 'done') outcome.done = true;
    else if (event.type === 'error') settle(`${event.code}: ${event.message}`);
  });

  const req = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: 'POST',
      path: `${target.pathname}${target.search}`,
      agent,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'content-length': Buffer.byteLength(request.body),
        ...request.headers,
      },
    },
    (res) => {
      outcome.status = res.statusCode ?? 0;
      if (outcome.status !== 200) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 300) text += chunk;
        });
        res.on('end', () => settle(`HTTP ${outcome.status}: ${text.slice(0, 300)}`));
        res.on('error', (error) => settle(`HTTP ${outcome.status}: ${error.message}`));
        return;
      }
      res.on('data', (chunk: Buffer) => decoder.feed(chunk));
      res.on('end', () => {
        decoder.end();
        settle(outcome.done ? undefined : 'the stream ended without [DONE]');
      });
      res.on('error', (error) => settle(error.message));
      res.on('close', () => settle('the connection closed before the stream ended'));
    },
  );
  req.on('error', (error) => settle(error.message));
  req.end(request.body);

  return {
    firstEvent,
    finished,
    abort() {
      if (settled) return;
      outcome.aborted = true;
      req.destroy();
      settle();
    },
  };
}

/** Result of {@link runClosedLoop}. */
export interface LoadResult {
  /** Streams opened (including those still in flight at the deadline). */
  started: number;
  completed: number;
  errors: number;
  /** The first few error messages, to say what failed. */
  errorSamples: string[];
  elapsedMs: number;
  requestsPerSecond: number;
  ttfeMs: number[];
}

/**
 * Keeps `concurrency` streams in flight for `durationMs` (each worker opens the next stream
 * when its previous one ends) and reports completed streams per second and every
 * time-to-first-event. Streams in flight at the deadline are read to the end but not counted
 * in the rate.
 */
export async function runClosedLoop(options: {
  concurrency: number;
  durationMs: number;
  agent: http.Agent;
  request: (index: number) => StreamRequest;
}): Promise<LoadResult> {
  const result: LoadResult = {
    started: 0,
    completed: 0,
    errors: 0,
    errorSamples: [],
    elapsedMs: 0,
    requestsPerSecond: 0,
    ttfeMs: [],
  };
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(options.durationMs * 1e6));
  let index = 0;
  const worker = async (): Promise<void> => {
    while (process.hrtime.bigint() < deadline) {
      const outcome = await openStream(options.request(index++), options.agent).finished;
      if (process.hrtime.bigint() > deadline) break;
      if (outcome.done) {
        result.completed += 1;
        if (outcome.ttfeMs !== undefined) result.ttfeMs.push(outcome.ttfeMs);
      } else {
        result.errors += 1;
        if (result.errorSamples.length < 5) result.errorSamples.push(outcome.error ?? 'unknown');
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  result.started = index;
  result.elapsedMs = options.durationMs;
  result.requestsPerSecond = (result.completed / options.durationMs) * 1000;
  return result;
}

/**
 * Opens `count` streams, at most `rampConcurrency` of them waiting for their first event at
 * any time (a steep ramp, without overflowing listen backlogs), and resolves once every
 * stream has had its first event or finished. The streams stay open.
 */
export async function openMany(options: {
  count: number;
  /** Index passed to `request` for the first stream. Default 0. */
  firstIndex?: number;
  rampConcurrency: number;
  agent: http.Agent;
  request: (index: number) => StreamRequest;
}): Promise<{ handles: StreamHandle[]; rampMs: number }> {
  const handles: StreamHandle[] = [];
  const start = process.hrtime.bigint();
  const firstIndex = options.firstIndex ?? 0;
  let next = 0;
  const opener = async (): Promise<void> => {
    while (next < options.count) {
      const handle = openStream(options.request(firstIndex + next++), options.agent);
      handles.push(handle);
      await handle.firstEvent;
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.rampConcurrency, options.count) }, opener),
  );
  return { handles, rampMs: elapsedMs(start) };
}

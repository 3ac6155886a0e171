import { EventEmitter } from 'node:events';
import { CONVERSATION_CHANNEL_HEADER, ERROR_CODES, LIMITS } from '@agent-chat/protocol';
import { Pool } from 'undici';
import { BffError } from '../bff-error.js';
import { type AbortCause, createRelayControl, type RelayControl } from './relay-control.js';
import {
  mapUpstreamError,
  readBodyText,
  readUpstreamErrorBody,
  redactSecret,
} from './upstream-errors.js';
import type { UpstreamResponse } from './upstream-response.js';

/** The rejection of a request whose {@link RelayControl} was aborted before its response. */
export class UpstreamAbortedError extends Error {
  override readonly name = 'UpstreamAbortedError';
  constructor(readonly abortCause: AbortCause) {
    super(`The upstream request was aborted (${abortCause}).`);
  }
}

/** One request to the upstream. */
export interface UpstreamRequest {
  method: 'GET' | 'POST';
  /** Path below the upstream base URL, starting with `/` (ids already validated). */
  path: string;
  /** JSON body, or the raw bytes of a relayed request (with `contentType`). */
  body?: string | Uint8Array;
  /** Media type of `body`. Default `application/json`. */
  contentType?: string;
  /** Further request headers (a platform's signature headers, relayed as they came). */
  headers?: Record<string, string>;
  /** What the caller wants back (`text/event-stream` or `application/json`). */
  accept?: string;
  /** Request id, forwarded as `X-Request-Id` so logs of both sides can be joined. */
  requestId?: string;
  /**
   * Aborting it destroys the upstream request and its socket (client gone, timeout,
   * shutdown). The client takes the control's abort listener until the response arrives;
   * whoever reads the response may replace it.
   */
  control: RelayControl;
  /** Send the Bearer token. Default true; health probes do not need it. */
  authorize?: boolean;
  /**
   * `widget` on a visitor's calls: a conversation the service starts for it is the
   * widget's (`X-Agent-Chat-Channel`), not the API's. Left out elsewhere (MCP, probes).
   */
  channel?: 'widget';
}

/**
 * The one client of everything the BFF reads from the agent service itself (queries, the
 * readiness probe, the admin routes' Chaindesk guards): a fixed base URL and a fixed token.
 * The admin routes' pass-through relay is the only other way out (http-proxy-middleware).
 */
export interface UpstreamClient {
  /**
   * Sends a request and resolves with the response once its headers arrive. Rejects with
   * an {@link UpstreamAbortedError} when the control was aborted first, or a
   * {@link BffError} `UPSTREAM_ERROR` (502) when the service cannot be reached.
   */
  request(request: UpstreamRequest): Promise<UpstreamResponse>;
  /**
   * `GET`s a JSON object (e.g. `/api/agents/a1`) within `timeoutMs`. Throws a
   * {@link BffError} with the status and code an operator gets: 504 `UPSTREAM_TIMEOUT`,
   * 502 `UPSTREAM_ERROR` (unreachable, or not a JSON object), or the upstream's own error
   * through {@link mapUpstreamError}. The token is redacted from anything it reports.
   */
  readJson(path: string, timeoutMs: number): Promise<Record<string, unknown>>;
  /** Closes idle keep-alive sockets. */
  close(): void;
}

/**
 * The abort signal of one upstream request, in the form undici accepts besides an
 * `AbortSignal`: an EventEmitter with `aborted` that emits `abort` once.
 */
class UpstreamSignal extends EventEmitter {
  aborted = false;
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit('abort');
  }
}

/** Longest an idle kept-alive connection to the service is kept, ms. */
const IDLE_CONNECTION_MS = 5_000;

/**
 * Creates the upstream client over an undici `Pool` (the Node.js project's HTTP client:
 * about 40 % less CPU per relayed request than `node:http`'s, measured on the query
 * stream) without a connection cap: thousands of concurrent streams must never queue
 * behind a pool limit. Kept-alive connections are closed before the service's own
 * `Keep-Alive: timeout` (undici reads the hint), so none is reused as the service closes
 * it. No time limits of its own: each request's {@link RelayControl} holds its deadlines.
 * Request headers are built here and never logged.
 */
export function createUpstreamClient(options: { baseUrl: URL; token: string }): UpstreamClient {
  const pool = new Pool(options.baseUrl.origin, {
    connections: null,
    headersTimeout: 0,
    bodyTimeout: 0,
    // An idle connection is kept at most this long (less when the service says less):
    // after a burst of thousands of streams, their connections do not linger.
    keepAliveMaxTimeout: IDLE_CONNECTION_MS,
  });
  const basePath = options.baseUrl.pathname.replace(/\/+$/, '');
  const authorization = `Bearer ${options.token}`;

  async function request(input: UpstreamRequest): Promise<UpstreamResponse> {
    const { control } = input;
    const abortedBefore = control.cause();
    if (abortedBefore) throw new UpstreamAbortedError(abortedBefore);
    const headers: Record<string, string> = {
      ...input.headers,
      accept: input.accept ?? 'application/json',
    };
    if (input.authorize !== false) headers.authorization = authorization;
    if (input.requestId) headers['x-request-id'] = input.requestId;
    if (input.channel) headers[CONVERSATION_CHANNEL_HEADER] = input.channel;
    if (input.body !== undefined) headers['content-type'] = input.contentType ?? 'application/json';
    // undici takes an EventEmitter with `aborted` as its signal: far lighter than an
    // AbortController (no EventTarget, no event objects) on the path of every query.
    const signal = new UpstreamSignal();
    control.onAbort(() => signal.abort());
    try {
      const {
        statusCode,
        headers: responseHeaders,
        body,
      } = await pool.request({
        method: input.method,
        path: `${basePath}${input.path}`,
        headers,
        body: input.body ?? null,
        signal,
      });
      return { statusCode, headers: responseHeaders, body };
    } catch (error) {
      const cause = control.cause();
      if (cause) throw new UpstreamAbortedError(cause);
      throw new BffError(ERROR_CODES.upstreamError, 'The agent service could not be reached.', {
        status: 502,
        cause: error,
      });
    }
  }

  async function readJson(path: string, timeoutMs: number): Promise<Record<string, unknown>> {
    const control = createRelayControl();
    control.arm(timeoutMs);
    const timedOut = () =>
      new BffError(
        ERROR_CODES.upstreamTimeout,
        `The agent service did not answer within ${timeoutMs} ms.`,
        { status: 504 },
      );
    let text: string;
    let status: number;
    try {
      const response = await request({ method: 'GET', path, control });
      status = response.statusCode;
      text = redactSecret(
        await readBodyText(response.body, LIMITS.jsonBodyBytes.max),
        options.token,
      );
    } catch (error) {
      if (control.cause() === 'timeout') throw timedOut();
      throw error;
    } finally {
      control.disarm();
    }
    if (control.cause() === 'timeout') throw timedOut();
    if (status < 200 || status >= 300) {
      const mapped = mapUpstreamError(status, readUpstreamErrorBody(text), 'operator');
      throw new BffError(mapped.code, mapped.message, { status: mapped.status });
    }
    try {
      const json: unknown = JSON.parse(text);
      if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
        return json as Record<string, unknown>;
      }
    } catch {
      // not JSON: answered below
    }
    throw new BffError(
      ERROR_CODES.upstreamError,
      'The agent service answered with something other than a JSON object.',
      { status: 502 },
    );
  }

  return {
    request,
    readJson,
    close() {
      void pool.destroy().catch(() => {});
    },
  };
}

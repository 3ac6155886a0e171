import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { ERROR_CODES, LIMITS } from '@agent-chat/protocol';
import { BffError } from '../bff-error.js';
import { type AbortCause, createRelayControl, type RelayControl } from './relay-control.js';
import {
  mapUpstreamError,
  readBodyText,
  readUpstreamErrorBody,
  redactSecret,
} from './upstream-errors.js';

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
  /** JSON body. */
  body?: string;
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
  request(request: UpstreamRequest): Promise<IncomingMessage>;
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

/** Longest an idle kept-alive connection to the service is kept (see the agent's options). */
const IDLE_SOCKET_MS = 60_000;

/**
 * Creates the upstream client over `node:http(s)` with a keep-alive agent that has no
 * socket cap: thousands of concurrent streams must never queue behind a pool limit.
 * Request headers are built here and never logged.
 */
export function createUpstreamClient(options: { baseUrl: URL; token: string }): UpstreamClient {
  const secure = options.baseUrl.protocol === 'https:';
  const agentOptions = {
    keepAlive: true,
    // An idle kept-alive connection is closed after this, or 1 s before the service's own
    // `Keep-Alive: timeout` (5 s for a Node server): without a timeout of its own, Node 20's
    // agent ignores that hint, and reusing a connection just as the service closes it
    // fails the request (ECONNRESET). Not a limit on requests: a request in progress is
    // only told its socket is idle, and none listens.
    timeout: IDLE_SOCKET_MS,
    maxSockets: Number.POSITIVE_INFINITY,
    maxTotalSockets: Number.POSITIVE_INFINITY,
    maxFreeSockets: 256,
    scheduling: 'lifo' as const,
  };
  const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const send = secure ? https.request : http.request;
  const basePath = options.baseUrl.pathname.replace(/\/+$/, '');
  const authorization = `Bearer ${options.token}`;
  const hostname = options.baseUrl.hostname.replace(/^\[|\]$/g, '');
  const port = options.baseUrl.port || (secure ? 443 : 80);

  function request(input: UpstreamRequest): Promise<IncomingMessage> {
    const { control } = input;
    return new Promise((resolve, reject) => {
      const abortedBefore = control.cause();
      if (abortedBefore) {
        reject(new UpstreamAbortedError(abortedBefore));
        return;
      }
      const headers: Record<string, string> = { Accept: input.accept ?? 'application/json' };
      if (input.authorize !== false) headers.Authorization = authorization;
      if (input.requestId) headers['X-Request-Id'] = input.requestId;
      if (input.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = String(Buffer.byteLength(input.body));
      }
      const outgoing = send({
        protocol: options.baseUrl.protocol,
        hostname,
        port,
        path: `${basePath}${input.path}`,
        method: input.method,
        headers,
        agent,
      });
      control.onAbort(() => outgoing.destroy());
      outgoing.once('response', resolve);
      outgoing.on('error', (error) => {
        const cause = control.cause();
        if (cause) {
          reject(new UpstreamAbortedError(cause));
          return;
        }
        reject(
          new BffError(ERROR_CODES.upstreamError, 'The agent service could not be reached.', {
            status: 502,
            cause: error,
          }),
        );
      });
      outgoing.end(input.body);
    });
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
      status = response.statusCode ?? 502;
      text = redactSecret(await readBodyText(response, LIMITS.jsonBodyBytes.max), options.token);
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
      agent.destroy();
    },
  };
}

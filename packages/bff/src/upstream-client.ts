import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { ERROR_CODES } from '@agent-chat/protocol';
import { BffError } from './bff-error.js';
import type { AbortCause, RelayControl } from './relay-control.js';

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

/** The only way the BFF talks to the agent service: a fixed base URL and a fixed token. */
export interface UpstreamClient {
  /**
   * Sends a request and resolves with the response once its headers arrive. Rejects with
   * an {@link UpstreamAbortedError} when the control was aborted first, or a
   * {@link BffError} `UPSTREAM_ERROR` (502) when the service cannot be reached.
   */
  request(request: UpstreamRequest): Promise<IncomingMessage>;
  /** Closes idle keep-alive sockets. */
  close(): void;
}

/**
 * Creates the upstream client over `node:http(s)` with a keep-alive agent that has no
 * socket cap: thousands of concurrent streams must never queue behind a pool limit.
 * Request headers are built here and never logged.
 */
export function createUpstreamClient(options: { baseUrl: URL; token: string }): UpstreamClient {
  const secure = options.baseUrl.protocol === 'https:';
  const agentOptions = {
    keepAlive: true,
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

  return {
    request,
    close() {
      agent.destroy();
    },
  };
}

import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { ERROR_CODES } from '@agent-chat/protocol';
import { BffError } from './bff-error.js';

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
  /** Aborting it destroys the upstream socket (client gone, timeout, shutdown). */
  signal: AbortSignal;
  /** Send the Bearer token. Default true; health probes do not need it. */
  authorize?: boolean;
}

/** The only way the BFF talks to the agent service: a fixed base URL and a fixed token. */
export interface UpstreamClient {
  /**
   * Sends a request and resolves with the response once its headers arrive. Rejects with
   * `signal.reason` when aborted, or a {@link BffError} `UPSTREAM_ERROR` (502) when the
   * service cannot be reached.
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

  function request(input: UpstreamRequest): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      if (input.signal.aborted) {
        reject(input.signal.reason);
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
        hostname: options.baseUrl.hostname.replace(/^\[|\]$/g, ''),
        port: options.baseUrl.port || (secure ? 443 : 80),
        path: `${basePath}${input.path}`,
        method: input.method,
        headers,
        agent,
        signal: input.signal,
      });
      outgoing.once('response', resolve);
      outgoing.on('error', (error) => {
        if (input.signal.aborted) {
          reject(input.signal.reason);
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

import diagnosticsChannel from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request an HTTP server of this process received, with the response it is writing. */
export interface ServerExchange {
  request: IncomingMessage;
  response: ServerResponse;
}

const REQUEST_START = 'http.server.request.start';

/**
 * Resolves with the next request that any `node:http` server in this process receives and
 * `matches` (through node:http's diagnostics channel), as soon as it arrives. A test can
 * then wait for what the server does with it — its response waiting for `drain`, or closed —
 * instead of sleeping.
 *
 * @example
 * const exchange = nextServerRequest((request) => request.url === '/api/datasources');
 * // … send the request …
 * const { response } = await exchange;
 * await expect.poll(() => response.listenerCount('drain')).toBe(1);
 */
export function nextServerRequest(
  matches: (request: IncomingMessage) => boolean,
): Promise<ServerExchange> {
  return new Promise((resolve) => {
    const onStart = (message: unknown) => {
      const exchange = message as ServerExchange;
      if (!matches(exchange.request)) return;
      diagnosticsChannel.unsubscribe(REQUEST_START, onStart);
      resolve({ request: exchange.request, response: exchange.response });
    };
    diagnosticsChannel.subscribe(REQUEST_START, onStart);
  });
}

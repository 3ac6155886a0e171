import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BffError } from '../bff-error.js';
import { type LoopbackServer, listenOnLoopback } from '../testing/loopback-server.js';
import { createRelayControl } from './relay-control.js';
import { createUpstreamClient, type UpstreamClient } from './upstream-client.js';

let server: LoopbackServer | undefined;
let client: UpstreamClient | undefined;

afterEach(async () => {
  client?.close();
  await server?.close();
  server = client = undefined;
});

/**
 * A service that closes kept-alive connections the way an idle timer does when it runs out
 * just as the client reuses the connection: it resets the connection instead of answering
 * the `resetNth` request on it (1-based; 0: never).
 */
async function startService(resetNth: number) {
  const seen = { connections: 0, requests: 0 };
  const perSocket = new WeakMap<Socket, number>();
  const http = createServer((req, res) => {
    seen.requests += 1;
    const nth = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, nth);
    if (nth === resetNth) {
      req.socket.resetAndDestroy();
      return;
    }
    res.end(JSON.stringify({ nth }));
  });
  http.on('connection', () => {
    seen.connections += 1;
  });
  server = await listenOnLoopback(http);
  client = createUpstreamClient({ baseUrl: new URL(server.url), token: 't' });
  return seen;
}

async function ask(upstream: UpstreamClient): Promise<string> {
  const response: IncomingMessage = await upstream.request({
    method: 'POST',
    path: '/api/agents/a1/query',
    body: '{"query":"hi"}',
    control: createRelayControl(),
  });
  let text = '';
  for await (const chunk of response) text += String(chunk);
  return text;
}

describe('upstream client', () => {
  it('sends a request again on a new connection when a reused one is reset before any answer', async () => {
    const seen = await startService(2);
    expect(await ask(client as UpstreamClient)).toBe('{"nth":1}');
    // The kept-alive connection is reused and reset; the request goes out once more.
    expect(await ask(client as UpstreamClient)).toBe('{"nth":1}');
    expect(seen).toEqual({ connections: 2, requests: 3 });
  });

  it('does not send again when a new connection is reset: the service is failing', async () => {
    const seen = await startService(1);
    const error = await ask(client as UpstreamClient).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BffError);
    expect((error as BffError).status).toBe(502);
    expect(seen).toEqual({ connections: 1, requests: 1 });
  });
});

import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
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

async function ask(upstream: UpstreamClient): Promise<string> {
  const response = await upstream.request({
    method: 'POST',
    path: '/api/agents/a1/query',
    body: '{"query":"hi"}',
    control: createRelayControl(),
  });
  let text = '';
  for await (const chunk of response.body) text += String(chunk);
  return text;
}

describe('upstream client', () => {
  it("closes an idle connection before the service's keep-alive timeout, so none is reused as it closes", async () => {
    // The service announces `Keep-Alive: timeout=3` and would close an idle connection
    // after 3 s; the client must close it first (1 s before), from its side.
    const closed: { byClient: boolean; idleMs: number }[] = [];
    const http = createServer((_req, res) => {
      res.end('{"ok":true}');
      const answered = Date.now();
      res.socket?.once('end', () => {
        closed.push({ byClient: true, idleMs: Date.now() - answered });
      });
    });
    http.keepAliveTimeout = 3_000;
    server = await listenOnLoopback(http);
    client = createUpstreamClient({ baseUrl: new URL(server.url), token: 't' });
    expect(await ask(client)).toBe('{"ok":true}');
    await expect.poll(() => closed.length, { timeout: 2_900, interval: 50 }).toBe(1);
    expect(closed[0]?.idleMs).toBeLessThan(2_900);
    // A request after that opens a new connection and is answered.
    expect(await ask(client)).toBe('{"ok":true}');
  });
});

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createSseEncoder, type StreamEvent } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type LoopbackServer, listenOnLoopback } from '../testing/loopback-server.js';
import { postQuery, readEvents } from '../testing/query-client.js';
import { createRelayControl } from '../upstream/index.js';
import { createHeartbeatTicker } from './heartbeat-ticker.js';
import { relayStream, type StreamOutcome } from './stream-relay.js';

const encoder = createSseEncoder();
const answers: StreamEvent[] = ['a', 'b\nc', 'd', 'e', 'f'].map((text) => ({
  type: 'answer',
  text,
}));
const frames = answers.map((event) => encoder.encode(event)).join('');
const ending =
  encoder.encode({ type: 'endpoint_response', json: '{"answer":"abcdef"}' }) +
  encoder.encode({ type: 'done' });

/** An upstream that counts TCP connections; `/linger` sends `[DONE]` but never ends. */
function startUpstream() {
  const state = { connections: 0, lingerClosed: 0 };
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    if (req.url?.includes('linger')) {
      res.on('close', () => {
        state.lingerClosed += 1;
      });
      res.write(frames + ending);
      return;
    }
    if (req.url?.includes('separate')) {
      // Every answer frame in a chunk of its own, all in one TCP write (so in one read).
      res.socket?.cork();
      for (const event of answers) res.write(encoder.encode(event));
      res.socket?.uncork();
    } else {
      // All answer frames in one chunk.
      res.write(frames);
    }
    // The end comes later, in a read of its own.
    setTimeout(() => res.end(ending), 50);
  });
  server.on('connection', () => {
    state.connections += 1;
  });
  server.keepAliveTimeout = 30_000;
  return { server, state };
}

describe('stream relay: upstream keep-alive and write batching', () => {
  const upstream = startUpstream();
  let upstreamUrl = '';
  let upstreamServer: LoopbackServer;
  let harness: BffHarness;
  beforeAll(async () => {
    upstreamServer = await listenOnLoopback(upstream.server);
    upstreamUrl = upstreamServer.url;
    harness = await startBff({ upstreamUrl });
  });
  afterAll(async () => {
    await harness.close();
    await upstreamServer.close();
  });

  it('reuses one upstream connection for sequential streams', async () => {
    const before = upstream.state.connections;
    for (let index = 0; index < 4; index += 1) {
      const response = await postQuery(harness.url, 'keep', { query: 'hi', streaming: true });
      const events = await readEvents(response);
      expect(events.filter((event) => event.type === 'answer')).toEqual(answers);
      expect(events.at(-1)).toEqual({ type: 'done' });
    }
    expect(upstream.state.connections - before).toBe(1);
  });

  describe('relayStream on its own', () => {
    const agent = new http.Agent({ keepAlive: true });
    const writes: string[][] = [];
    const outcomes: StreamOutcome[] = [];
    let relayUrl = '';
    let relayServer: LoopbackServer;
    const relay = http.createServer((req, res) => {
      req.resume();
      const control = createRelayControl();
      const outgoing = http.request(`${upstreamUrl}${req.url}`, {
        method: 'POST',
        agent,
      });
      control.onAbort(() => outgoing.destroy());
      outgoing.on('error', () => res.destroy());
      outgoing.end('{}');
      const calls: string[] = [];
      writes.push(calls);
      const write = res.write.bind(res);
      res.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        calls.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        return write(chunk, ...rest);
      }) as typeof res.write;
      outgoing.on('response', (upstreamResponse) => {
        void relayStream(res, upstreamResponse, {
          dialect: 'spec',
          agentId: 'agent',
          heartbeats: createHeartbeatTicker(60_000),
          idleTimeoutMs: 5_000,
          control,
          rewriteIds: (answer) => (typeof answer === 'string' ? answer : JSON.stringify(answer)),
          upstreamDrainMs: 100,
          onFirstEvent: () => {},
          onUpstreamError: () => {},
        }).then((outcome) => outcomes.push(outcome));
      });
    });
    beforeAll(async () => {
      relayServer = await listenOnLoopback(relay);
      relayUrl = relayServer.url;
    });
    afterAll(async () => {
      agent.destroy();
      await relayServer.close();
    });

    it('writes the frames of one upstream read in one write', async () => {
      const response = await fetch(`${relayUrl}/batch`, { method: 'POST' });
      const events = await readEvents(response);
      expect(events.filter((event) => event.type === 'answer')).toEqual(answers);
      const calls = writes.at(-1) ?? [];
      // The five answers came in one upstream chunk: one write; the end goes with res.end().
      expect(calls.filter((chunk) => chunk.includes('event: answer'))).toEqual([frames]);
      expect(outcomes.at(-1)).toBe('done');
    });

    it('writes the frames of many upstream chunks that came in one read in one write', async () => {
      const response = await fetch(`${relayUrl}/separate`, { method: 'POST' });
      const events = await readEvents(response);
      expect(events.filter((event) => event.type === 'answer')).toEqual(answers);
      // Five chunked-encoding chunks upstream, one write to the browser.
      expect(writes.at(-1)).toEqual([frames]);
      expect(outcomes.at(-1)).toBe('done');
    });

    it('cuts off an upstream that does not end its response after [DONE]', async () => {
      const closedBefore = upstream.state.lingerClosed;
      const response = await fetch(`${relayUrl}/linger`, { method: 'POST' });
      const events = await readEvents(response);
      expect(events.at(-1)).toEqual({ type: 'done' });
      await expect
        .poll(() => upstream.state.lingerClosed - closedBefore, {
          message: 'the lingering upstream is closed',
        })
        .toBe(1);
    });
  });
});

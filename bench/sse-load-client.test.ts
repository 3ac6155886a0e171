import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeUpstream } from './fake-upstream.js';
import { createPipeRelay } from './pipe-relay.js';
import { createLoadAgent, openMany, openStream, runClosedLoop } from './sse-load-client.js';

const servers: Server[] = [];
const agent = createLoadAgent();

async function serve(handle: RequestListener): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  agent.destroy();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

const streamBody = JSON.stringify({ query: 'q', streaming: true });

describe('fake upstream + SSE load client', () => {
  it('reads a whole stream and counts its events', async () => {
    const base = await serve(createFakeUpstream({ fragments: 7 }).handle);
    const outcome = await openStream({ url: `${base}/api/agents/a/query`, body: streamBody }, agent)
      .finished;
    expect(outcome).toMatchObject({ status: 200, events: 9, done: true, aborted: false });
    expect(outcome.error).toBeUndefined();
    expect(outcome.ttfeMs).toBeGreaterThan(0);
  });

  it('reports an HTTP error with its status and body', async () => {
    const base = await serve(createFakeUpstream().handle);
    const outcome = await openStream({ url: `${base}/nope`, body: streamBody }, agent).finished;
    expect(outcome.done).toBe(false);
    expect(outcome.error).toMatch(/^HTTP 404: .*NOT_FOUND/);
  });

  it('reports a stream that ends without [DONE]', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('event: answer\ndata: half an ans');
    });
    const outcome = await openStream({ url: base, body: streamBody }, agent).finished;
    expect(outcome.done).toBe(false);
    expect(outcome.error).toMatch(/STREAM_INTERRUPTED|without \[DONE\]/);
  });

  it('holds streams until released, and aborting a client ends the upstream stream', async () => {
    const upstream = createFakeUpstream({ fragments: 3, held: true });
    const base = await serve(upstream.handle);
    const request = () => ({ url: `${base}/api/agents/a/query`, body: streamBody });
    const { handles } = await openMany({ count: 4, rampConcurrency: 2, agent, request });
    expect(upstream.stats().activeStreams).toBe(4);
    handles[0]!.abort();
    expect((await handles[0]!.finished).aborted).toBe(true);
    await expect.poll(() => upstream.stats().activeStreams).toBe(3);
    upstream.release();
    const outcomes = await Promise.all(handles.slice(1).map((handle) => handle.finished));
    expect(outcomes.every((outcome) => outcome.done && outcome.events === 5)).toBe(true);
    await expect.poll(() => upstream.stats().activeStreams).toBe(0);
    expect(upstream.stats()).toMatchObject({ streamsCompleted: 3, streamsAborted: 1 });
  });
});

describe('pipe relay', () => {
  it('relays JSON and streams, and aborts upstream streams of clients that left', async () => {
    const upstream = createFakeUpstream({ fragments: 4, held: true });
    const upstreamUrl = await serve(upstream.handle);
    const relay = createPipeRelay({ upstreamUrl });
    const base = await serve(relay.handle);
    const url = `${base}/api/agents/a/query`;

    const json = await fetch(url, { method: 'POST', body: JSON.stringify({ query: 'q' }) });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { answer: string }).answer.split(' ')).toHaveLength(4);

    const { handles } = await openMany({
      count: 3,
      rampConcurrency: 3,
      agent,
      request: () => ({ url, body: streamBody }),
    });
    expect(upstream.stats().activeStreams).toBe(3);
    for (const handle of handles) handle.abort();
    await expect.poll(() => upstream.stats().activeStreams).toBe(0);
    expect(upstream.stats().streamsAborted).toBe(3);
    upstream.release();

    const loop = await runClosedLoop({
      concurrency: 2,
      durationMs: 200,
      agent,
      request: () => ({ url, body: streamBody }),
    });
    expect(loop.errors).toBe(0);
    expect(loop.completed).toBeGreaterThan(0);
    relay.close();
  });
});

// @vitest-environment node
/// <reference types="node" />
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSseEncoder } from '@agent-chat/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpQueryTransport } from './http-query-transport.js';
import type { QueryEvent, QueryTransport } from './query-transport.js';

const encoder = createSseEncoder();
const utf8 = new TextEncoder();
const endpoint = 'https://bff.example';

/** A Web stream that delivers `bytes` cut at `offsets`, one chunk per read. */
function streamSplitAt(bytes: Uint8Array, offsets: readonly number[]): ReadableStream<Uint8Array> {
  const cuts = [0, ...offsets, bytes.length];
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const start = cuts[index];
      const end = cuts[++index];
      if (start === undefined || end === undefined) controller.close();
      else controller.enqueue(bytes.slice(start, end));
    },
  });
}

const sse = (body: BodyInit, status = 200): Response =>
  new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });

async function collect(
  transport: QueryTransport,
  signal = new AbortController().signal,
): Promise<QueryEvent[]> {
  const events: QueryEvent[] = [];
  for await (const event of transport.sendQuery({ query: 'Hi' }, { signal })) events.push(event);
  return events;
}

const transportAnswering = (response: () => Response | Promise<Response>): QueryTransport =>
  createHttpQueryTransport({ agentId: 'demo', endpoint, fetch: async () => response() });

describe('createHttpQueryTransport', () => {
  it('posts the query as JSON with streaming on and no credentials', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const transport = createHttpQueryTransport({
      agentId: 'agent one',
      endpoint,
      fetch: async (input, init = {}) => {
        seen.push({ url: String(input), init });
        return sse(encoder.encode({ type: 'done' }));
      },
    });
    const events: QueryEvent[] = [];
    const query = { query: 'Where?', conversationId: 'c1', visitorId: 'v1' };
    const signal = new AbortController().signal;
    for await (const event of transport.sendQuery(query, { signal })) events.push(event);
    expect(seen[0]?.url).toBe('https://bff.example/api/agents/agent%20one/query');
    expect(seen[0]?.init).toMatchObject({ method: 'POST', credentials: 'omit', signal });
    expect(seen[0]?.init.headers).toMatchObject({ Accept: 'text/event-stream' });
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({ ...query, streaming: true });
    expect(events).toEqual([
      { type: 'start' },
      { type: 'finish', result: { answer: '', sources: [] } },
    ]);
  });

  it('decodes a stream cut inside CRLF, inside a field name and inside multi-byte characters', async () => {
    const text = 'Café 🎉 über\nzwei Zeilen';
    const wire = (
      encoder.encode({ type: 'answer', text }) +
      encoder.encode({
        type: 'endpoint_response',
        json: JSON.stringify({
          conversationId: 'c1',
          visitorId: 'v1',
          messageId: 'm1',
          sources: [],
        }),
      }) +
      encoder.encode({ type: 'done' })
    ).replaceAll('\n', '\r\n');
    const bytes = utf8.encode(wire);
    const at = (needle: string, plus = 0): number =>
      utf8.encode(wire.slice(0, wire.indexOf(needle))).length + plus;
    const offsets = [
      3, // inside "event"
      at('\r\n') + 1, // between CR and LF
      at('é') + 1, // inside "é" (2 bytes)
      at('🎉') + 1, // inside the emoji (4 bytes)…
      at('🎉') + 3, // …twice
      at('ü') + 1,
      at('data: [DONE]') + 2, // inside "data"
    ].sort((a, b) => a - b);
    const events = await collect(transportAnswering(() => sse(streamSplitAt(bytes, offsets))));
    expect(events[0]).toEqual({ type: 'start' });
    const deltas = events.flatMap((event) => (event.type === 'text' ? [event.delta] : []));
    expect(deltas.join('')).toBe(text);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      result: { answer: text, sources: [], conversationId: 'c1', visitorId: 'v1', messageId: 'm1' },
    });
  });

  it('yields each fragment once, one byte at a time, and no empty fragments', async () => {
    const wire =
      encoder.encode({ type: 'answer', text: 'Hel' }) +
      encoder.encode({ type: 'answer', text: '' }) +
      ': ping\n\n' +
      encoder.encode({ type: 'answer', text: 'lo' }) +
      encoder.encode({ type: 'done' });
    const bytes = utf8.encode(wire);
    const offsets = Array.from({ length: bytes.length - 1 }, (_, index) => index + 1);
    const events = await collect(transportAnswering(() => sse(streamSplitAt(bytes, offsets))));
    expect(events).toEqual([
      { type: 'start' },
      { type: 'text', delta: 'Hel' },
      { type: 'text', delta: 'lo' },
      { type: 'finish', result: { answer: 'Hello', sources: [] } },
    ]);
  });

  it('ends a truncated stream with STREAM_INTERRUPTED after the text that arrived', async () => {
    const wire = `${encoder.encode({ type: 'answer', text: 'Half' })}event: ans`;
    const events = await collect(transportAnswering(() => sse(wire)));
    expect(events.slice(0, 2)).toEqual([{ type: 'start' }, { type: 'text', delta: 'Half' }]);
    expect(events[2]).toMatchObject({ type: 'error', error: { code: 'STREAM_INTERRUPTED' } });
    expect(events).toHaveLength(3);
  });

  it('reports an [ERROR] frame as an error event with its code', async () => {
    const wire = encoder.encode({ type: 'error', code: 'USAGE_LIMIT', message: 'Quota used up.' });
    expect(await collect(transportAnswering(() => sse(wire)))).toEqual([
      { type: 'start' },
      { type: 'error', error: { code: 'USAGE_LIMIT', message: 'Quota used up.' } },
    ]);
  });

  it('turns HTTP errors into one error event, with the Retry-After wait (seconds or date)', async () => {
    const limited = (retryAfter: string): Response =>
      Response.json(
        { error: { code: 'RATE_LIMITED', message: 'Slow down.' } },
        { status: 429, headers: { 'Retry-After': retryAfter } },
      );
    const now = Date.parse('2026-01-01T00:00:00Z');
    const dated = createHttpQueryTransport({
      agentId: 'demo',
      endpoint,
      now: () => now,
      fetch: async () => limited('Thu, 01 Jan 2026 00:00:41 GMT'),
    });
    expect(await collect(dated)).toEqual([
      {
        type: 'error',
        error: { code: 'RATE_LIMITED', message: 'Slow down.', status: 429, retryAfterSeconds: 41 },
      },
    ]);
    expect(await collect(transportAnswering(() => limited('2.5')))).toMatchObject([
      { type: 'error', error: { retryAfterSeconds: 3 } },
    ]);
    const page = new Response('<html>Bad gateway</html>', { status: 502 });
    expect(await collect(transportAnswering(() => page))).toEqual([
      {
        type: 'error',
        error: { code: 'UPSTREAM_ERROR', message: 'The server answered 502.', status: 502 },
      },
    ]);
  });

  it('accepts a JSON answer, and refuses a 200 that is neither a stream nor an answer', async () => {
    const json = Response.json({ answer: 'From JSON', conversationId: 'c', sources: 'nope' });
    expect(await collect(transportAnswering(() => json))).toEqual([
      { type: 'finish', result: { answer: 'From JSON', conversationId: 'c', sources: [] } },
    ]);
    const html = new Response('<title>Welcome to nginx</title>', {
      headers: { 'Content-Type': 'text/html' },
    });
    expect(await collect(transportAnswering(() => html))).toMatchObject([
      { type: 'error', error: { code: 'UPSTREAM_ERROR', status: 200 } },
    ]);
  });

  it('tells offline from an unreachable server when fetch fails', async () => {
    let online = true;
    const transport = createHttpQueryTransport({
      agentId: 'demo',
      endpoint,
      isOnline: () => online,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await collect(transport)).toEqual([
      { type: 'error', error: { code: 'NETWORK', message: 'Failed to fetch' } },
    ]);
    online = false;
    expect(await collect(transport)).toMatchObject([{ type: 'error', error: { code: 'OFFLINE' } }]);
  });

  it('ends quietly, with no error, when aborted before or during the answer', async () => {
    const before = new AbortController();
    before.abort();
    const refusing = createHttpQueryTransport({
      agentId: 'demo',
      endpoint,
      fetch: async (_input, init) => {
        init?.signal?.throwIfAborted();
        throw new Error('unreachable');
      },
    });
    expect(await collect(refusing, before.signal)).toEqual([]);

    const during = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8.encode(encoder.encode({ type: 'answer', text: 'Once' })));
        // Like fetch: aborting errors the body, which the decoder sees as a lost connection.
        during.signal.addEventListener('abort', () => controller.error(during.signal.reason));
      },
    });
    const events: QueryEvent[] = [];
    const transport = transportAnswering(() => sse(body));
    for await (const event of transport.sendQuery({ query: 'Hi' }, { signal: during.signal })) {
      events.push(event);
      if (event.type === 'text') during.abort();
    }
    expect(events).toEqual([{ type: 'start' }, { type: 'text', delta: 'Once' }]);
  });
});

describe('createHttpQueryTransport against a real server', () => {
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  async function listen(handle: (res: ServerResponse) => void): Promise<string> {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => handle(res));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('streams fragments written in awkward pieces over a socket', async () => {
    const wire = utf8.encode(
      (
        encoder.encode({ type: 'answer', text: 'Grüße, ' }) +
        encoder.encode({ type: 'answer', text: 'monde 🌍' }) +
        encoder.encode({ type: 'done' })
      ).replaceAll('\n', '\r\n'),
    );
    const url = await listen((res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      let offset = 0;
      const step = 5; // cuts fall inside CRLFs and inside "ü", "ß" and the emoji
      const timer = setInterval(() => {
        res.write(wire.subarray(offset, offset + step));
        offset += step;
        if (offset >= wire.length) {
          clearInterval(timer);
          res.end();
        }
      }, 1);
    });
    const transport = createHttpQueryTransport({ agentId: 'demo', endpoint: url });
    const events = await collect(transport);
    const text = events.flatMap((event) => (event.type === 'text' ? [event.delta] : [])).join('');
    expect(text).toBe('Grüße, monde 🌍');
    expect(events.at(-1)).toEqual({
      type: 'finish',
      result: { answer: 'Grüße, monde 🌍', sources: [] },
    });
  });

  it('closes the connection when aborted mid-stream', async () => {
    let closed!: () => void;
    const serverSawClose = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const url = await listen((res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(encoder.encode({ type: 'answer', text: 'Once upon' }));
      res.on('close', closed);
    });
    const controller = new AbortController();
    const transport = createHttpQueryTransport({ agentId: 'demo', endpoint: url });
    const events: QueryEvent[] = [];
    for await (const event of transport.sendQuery({ query: 'Hi' }, { signal: controller.signal })) {
      events.push(event);
      if (event.type === 'text') controller.abort();
    }
    expect(events).toEqual([{ type: 'start' }, { type: 'text', delta: 'Once upon' }]);
    await serverSawClose;
  });
});

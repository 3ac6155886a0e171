import { once } from 'node:events';
import {
  type ApiErrorBody,
  decodeSseStream,
  ERROR_CODES,
  type StreamEvent,
} from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { newVisitor, postQuery, rawPost, readEvents } from '../testing/query-client.js';

const floodBytes = 48 * 1024 * 1024;

let upstream: FaultUpstream;
let harness: BffHarness;

beforeAll(async () => {
  upstream = await startFaultUpstream({ floodBytes });
  harness = await startBff({ upstreamUrl: upstream.url, maxStreamsPerVisitor: 1 });
});
afterAll(async () => {
  await harness.close();
  await upstream.close();
});

/** Reads events until the first one of `type`, leaving the stream open. */
async function firstEvent(response: Response, type: StreamEvent['type']) {
  const iterator = decodeSseStream(response.body!)[Symbol.asyncIterator]();
  for (;;) {
    const step = await iterator.next();
    if (step.done || step.value.type === type) return step.value;
  }
}

describe('stream lifecycle', () => {
  it('aborts the upstream request when the browser disconnects', async () => {
    const controller = new AbortController();
    const aborted = upstream.nextClientAbort();
    const response = await postQuery(
      harness.url,
      'hang',
      { query: 'hi', streaming: true, visitorId: 'abort-visitor' },
      { signal: controller.signal },
    );
    expect(response.status).toBe(200);
    await firstEvent(response, 'answer');
    expect(harness.bff.activeStreams()).toBe(1);
    controller.abort();
    await aborted;
    await expect.poll(() => harness.bff.activeStreams()).toBe(0);
  });

  it('caps concurrent streams per visitor with 429', async () => {
    // Visitor tokens are bound to one agent: both visitors get theirs from the agent used.
    const capped = (await newVisitor(harness.url, 'hang')).visitorId;
    const someoneElse = (await newVisitor(harness.url, 'answer')).visitorId;
    const openHang = async (controller: AbortController) => {
      const response = await postQuery(
        harness.url,
        'hang',
        { query: 'hi', streaming: true, visitorId: capped },
        { signal: controller.signal },
      );
      expect(response.status).toBe(200);
      await firstEvent(response, 'answer');
    };
    const controller = new AbortController();
    await openHang(controller);
    const second = await postQuery(harness.url, 'hang', {
      query: 'hi',
      streaming: true,
      visitorId: capped,
    });
    expect(second.status).toBe(429);
    expect(((await second.json()) as ApiErrorBody).error.code).toBe(ERROR_CODES.rateLimited);
    const otherVisitor = await postQuery(harness.url, 'answer', {
      query: 'hi',
      streaming: true,
      visitorId: someoneElse,
    });
    expect(otherVisitor.status).toBe(200);
    await otherVisitor.text();
    controller.abort();
    await expect.poll(() => harness.bff.activeStreams()).toBe(0);
    const again = new AbortController();
    await openHang(again);
    again.abort();
    await expect.poll(() => harness.bff.activeStreams()).toBe(0);
  });

  it('respects backpressure: a paused reader stops the upstream, then gets everything', async () => {
    const response = await rawPost(`${harness.url}/api/agents/flood/query`, {
      query: 'hi',
      streaming: true,
    });
    expect(response.statusCode).toBe(200);
    response.pause();
    // Wait until the upstream is blocked by backpressure and stays blocked: three looks in a
    // row, 100 ms apart, see it waiting for a drain with nothing more written (kernel socket
    // buffers may grow for a while first).
    let writtenWhilePaused = -1;
    let stableLooks = 0;
    await expect
      .poll(
        () => {
          const { written, blocked } = upstream.flood;
          stableLooks = blocked && written === writtenWhilePaused ? stableLooks + 1 : 0;
          writtenWhilePaused = written;
          return stableLooks;
        },
        { interval: 100, timeout: 20_000, message: 'the upstream stops writing' },
      )
      .toBe(3);
    expect(upstream.flood.finished).toBe(false);
    expect(writtenWhilePaused).toBeLessThan(floodBytes / 2);

    let received = 0;
    let tail = '';
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      tail = (tail + chunk.toString('latin1')).slice(-64);
    });
    response.resume();
    await once(response, 'end');
    expect(upstream.flood.finished).toBe(true);
    expect(received).toBeGreaterThanOrEqual(floodBytes);
    expect(tail.endsWith('data: [DONE]\n\n')).toBe(true);
  }, 60_000);

  it('echoes a valid X-Request-Id, forwards it upstream, logs no credentials, sets CORP cross-origin', async () => {
    const response = await postQuery(
      harness.url,
      'answer',
      { query: 'hi' },
      {
        headers: {
          'x-request-id': 'trace-123',
          authorization: 'Bearer browser-secret-1',
          cookie: 'session=browser-secret-2',
        },
      },
    );
    await response.text();
    expect(harness.logs()).toContain('"id":"trace-123"');
    expect(harness.logs()).not.toContain('browser-secret');
    expect(upstream.requests.at(-1)!.headers.authorization).not.toContain('browser-secret');
    expect(upstream.requests.at(-1)!.headers.cookie).toBeUndefined();
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    expect(upstream.requests.at(-1)!.headers['x-request-id']).toBe('trace-123');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const invalid = await postQuery(
      harness.url,
      'answer',
      { query: 'hi' },
      { headers: { 'x-request-id': 'bad id\twith spaces' } },
    );
    await invalid.text();
    expect(invalid.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('operations routes', () => {
  it('GET /healthz answers ok', async () => {
    const response = await fetch(`${harness.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks the upstream without sending the token', async () => {
    const count = upstream.requests.length;
    const response = await fetch(`${harness.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', rateLimitStore: 'memory' });
    const probe = upstream.requests.slice(count).find((request) => request.method === 'GET');
    expect(probe?.headers.authorization).toBeUndefined();
  });

  it('GET /metrics exposes this instance’s counters', async () => {
    const response = await fetch(`${harness.url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(
      /agent_chat_bff_requests_total\{route="query",method="POST",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /agent_chat_bff_requests_total\{route="query",method="POST",status="429"\} 1/,
    );
    expect(text).toContain('agent_chat_bff_active_streams 0');
    expect(text).toMatch(/agent_chat_bff_time_to_first_event_seconds_count [1-9]/);
    expect(text).toContain('agent_chat_bff_rate_limited_total{limit="streams"} 1');
  });
});

describe('graceful shutdown', () => {
  let local: BffHarness;
  let localUpstream: FaultUpstream;
  beforeAll(async () => {
    localUpstream = await startFaultUpstream({ slowMs: 150 });
    local = await startBff({ upstreamUrl: localUpstream.url });
  });
  afterAll(async () => {
    await local.close();
    await localUpstream.close();
  });

  it('lets short streams finish, ends the rest with [ERROR]SHUTTING_DOWN, refuses new ones', async () => {
    const hanging = await postQuery(local.url, 'hang', { query: 'hi', streaming: true });
    const finishing = await postQuery(local.url, 'idle', { query: 'hi', streaming: true });
    expect(hanging.status).toBe(200);
    expect(finishing.status).toBe(200);
    expect(local.bff.activeStreams()).toBe(2);
    const hangingEvents = readEvents(hanging);
    const finishingEvents = readEvents(finishing);
    const stopped = local.bff.shutdown(400);

    const refused = await postQuery(local.url, 'answer', { query: 'hi', streaming: true });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as ApiErrorBody).error.code).toBe(ERROR_CODES.shuttingDown);
    expect((await fetch(`${local.url}/readyz`)).status).toBe(503);

    expect((await finishingEvents).at(-1)).toEqual({ type: 'done' });
    expect((await hangingEvents).at(-1)).toMatchObject({
      type: 'error',
      code: ERROR_CODES.shuttingDown,
    });
    await stopped;
    expect(local.bff.activeStreams()).toBe(0);
  });
});

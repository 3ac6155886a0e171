import http from 'node:http';
import { type ApiErrorBody, ERROR_CODES, type SseDialect } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff, TEST_TOKEN } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { listenOnLoopback } from '../testing/loopback-server.js';
import {
  answerOf,
  newVisitor,
  postQuery,
  readEvents,
  visitorIdOfToken,
} from '../testing/query-client.js';

const fragments = ['Hel', 'lo wörld 🌍', '\nline two', ' end.'];

function expectNoToken(response: Response, text: string) {
  expect(text).not.toContain(TEST_TOKEN);
  for (const [, value] of response.headers) expect(value).not.toContain(TEST_TOKEN);
}

describe.each<SseDialect>(['spec', 'chaindesk'])('query relay, %s upstream', (dialect) => {
  let upstream: FaultUpstream;
  let harness: BffHarness;

  beforeAll(async () => {
    upstream = await startFaultUpstream({ dialect, fragments, slowMs: 3_000 });
    harness = await startBff({
      upstreamUrl: upstream.url,
      upstreamDialect: dialect,
      firstByteTimeoutMs: 250,
      idleTimeoutMs: 250,
      agentPolicies: { '*': { query: { temperature: 0.1, systemPrompt: 'Be brief.' } } },
    });
  });
  afterAll(async () => {
    await harness.close();
    await upstream.close();
  });

  it('re-emits the stream in the spec dialect with SSE headers, token only upstream', async () => {
    const { visitorId: token } = await newVisitor(harness.url, 'answer');
    const response = await postQuery(harness.url, 'answer', {
      query: 'hi',
      streaming: true,
      visitorId: token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    const text = await response.clone().text();
    expectNoToken(response, text);
    expect(text).toContain('event: answer\ndata: lo wörld 🌍\n\n');
    expect(text).not.toContain('%20');
    const events = await readEvents(response);
    expect(answerOf(events)).toBe(fragments.join(''));
    expect(events.at(-1)).toEqual({ type: 'done' });
    const final = events.find((event) => event.type === 'endpoint_response');
    const answered = final && (JSON.parse(final.json) as { visitorId: string });
    expect(visitorIdOfToken(answered?.visitorId ?? '')).toBe(visitorIdOfToken(token));

    const sent = upstream.requests.at(-1)!;
    expect(sent.url).toBe('/api/agents/answer/query');
    expect(sent.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(sent.headers.cookie).toBeUndefined();
    expect(JSON.parse(sent.body)).toEqual({
      query: 'hi',
      streaming: true,
      visitorId: visitorIdOfToken(token),
      temperature: 0.1,
      systemPrompt: 'Be brief.',
    });
    expect(harness.logs()).not.toContain(TEST_TOKEN);
  });

  it('relays JSON answers when streaming is off', async () => {
    const response = await postQuery(harness.url, 'answer', { query: 'hi' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const text = await response.text();
    expectNoToken(response, text);
    expect(JSON.parse(text)).toMatchObject({ answer: fragments.join('') });
  });

  it('ends a stream that dies upstream with an [ERROR] frame', async () => {
    const response = await postQuery(harness.url, 'drop', { query: 'hi', streaming: true });
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    expect(events[0]).toEqual({ type: 'answer', text: fragments[0] });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: ERROR_CODES.streamInterrupted });
  });

  it('answers 504 UPSTREAM_TIMEOUT when the first byte is too slow', async () => {
    const started = Date.now();
    const response = await postQuery(harness.url, 'slow', { query: 'hi', streaming: true });
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ error: { code: ERROR_CODES.upstreamTimeout } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('ends an idle stream with [ERROR]UPSTREAM_TIMEOUT', async () => {
    const response = await postQuery(harness.url, 'idle', { query: 'hi', streaming: true });
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    expect(events[0]).toEqual({ type: 'answer', text: fragments[0] });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: ERROR_CODES.upstreamTimeout });
  });

  it.each([true, false])('maps HTTP 402 to 402 USAGE_LIMIT (streaming %s)', async (streaming) => {
    const response = await postQuery(harness.url, 'limit402', { query: 'hi', streaming });
    expect(response.status).toBe(402);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error.code).toBe(ERROR_CODES.usageLimit);
    expect(JSON.stringify(body)).not.toContain('internal-42');
  });

  it('maps 200 + [ERROR]USAGE_LIMIT before any event to 402 JSON', async () => {
    const response = await postQuery(harness.url, 'limit200', { query: 'hi', streaming: true });
    expect(response.status).toBe(402);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe(ERROR_CODES.usageLimit);
  });

  it('passes a mid-stream USAGE_LIMIT on as an [ERROR] frame', async () => {
    const response = await postQuery(harness.url, 'limitMid', { query: 'hi', streaming: true });
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    expect(answerOf(events)).toBe(fragments.join(''));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: ERROR_CODES.usageLimit });
  });

  it('maps upstream 403 to 502 UPSTREAM_AUTH', async () => {
    const response = await postQuery(harness.url, 'forbidden', { query: 'hi', streaming: true });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe(ERROR_CODES.upstreamAuth);
    expect(text).not.toContain('bad key');
    expectNoToken(response, text);
  });

  it('maps upstream 404 (text/plain [ERROR] body) to 404 NOT_FOUND', async () => {
    const response = await postQuery(harness.url, 'missing', { query: 'hi', streaming: true });
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe(ERROR_CODES.notFound);
  });

  it('maps upstream 500 to 502 UPSTREAM_ERROR without echoing the raw body', async () => {
    const response = await postQuery(harness.url, 'crash', { query: 'hi' });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe(ERROR_CODES.upstreamError);
    expect(text).not.toContain('internal-secret-path');
    expect(harness.logs()).not.toContain('internal-secret-path');
  });
});

describe('query relay, heartbeats and an unreachable upstream', () => {
  let upstream: FaultUpstream;
  let harness: BffHarness;
  let refused: BffHarness;

  beforeAll(async () => {
    upstream = await startFaultUpstream({ slowMs: 300, fragments });
    harness = await startBff({ upstreamUrl: upstream.url, heartbeatMs: 40, idleTimeoutMs: 5_000 });
    const closed = await startFaultUpstream();
    await closed.close();
    refused = await startBff({ upstreamUrl: closed.url });
  });
  afterAll(async () => {
    await harness.close();
    await refused.close();
    await upstream.close();
  });

  it('sends heartbeat comments while the upstream is quiet', async () => {
    const response = await postQuery(harness.url, 'idle', { query: 'hi', streaming: true });
    const events = await readEvents(response);
    expect(events.filter((event) => event.type === 'heartbeat').length).toBeGreaterThanOrEqual(2);
    expect(answerOf(events)).toBe(fragments.join(''));
    expect(events.at(-1)).toEqual({ type: 'done' });
  });

  it('answers 502 UPSTREAM_ERROR when the upstream refuses connections', async () => {
    const response = await postQuery(refused.url, 'answer', { query: 'hi', streaming: true });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe(ERROR_CODES.upstreamError);
    expectNoToken(response, text);
    expect(refused.logs()).toContain('ECONNREFUSED');
    expect(refused.logs()).not.toContain(TEST_TOKEN);
  });
});

describe('an upstream that echoes the token in its error body', () => {
  it('logs no part of it', async () => {
    const upstream = await listenOnLoopback(
      http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          const echoed = String(req.headers.authorization);
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: echoed, message: echoed } }));
        });
      }),
    );
    const harness = await startBff({ upstreamUrl: upstream.url });
    try {
      for (const streaming of [false, true]) {
        const response = await postQuery(harness.url, 'answer', { query: 'hi', streaming });
        const text = await response.text();
        expect(response.status).toBe(502);
        expect(JSON.parse(text).error.code).toBe(ERROR_CODES.upstreamError);
        expectNoToken(response, text);
      }
      expect(harness.logs()).toContain('upstream query failed');
      expect(harness.logs()).not.toContain(TEST_TOKEN);
    } finally {
      await harness.close();
      await upstream.close();
    }
  });
});

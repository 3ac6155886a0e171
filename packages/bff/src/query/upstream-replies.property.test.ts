import http from 'node:http';
import { isApiErrorBody, isQueryResponse, type QueryResponse } from '@agent-chat/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff, TEST_TOKEN } from '../testing/bff-harness.js';
import { listenOnLoopback } from '../testing/loopback-server.js';
import { postQuery } from '../testing/query-client.js';

/** One generated upstream answer to a non-streamed query. */
interface UpstreamReply {
  status: number;
  contentType: string | undefined;
  body: string;
}

const validAnswer = fc
  .record({
    answer: fc.string({ maxLength: 40 }),
    conversationId: fc.string({ maxLength: 10 }),
    visitorId: fc.string({ maxLength: 10 }),
    sources: fc.array(fc.record({ chunk_id: fc.string(), score: fc.double() }), { maxLength: 2 }),
  })
  .map((value) => JSON.stringify(value));

const upstreamReply: fc.Arbitrary<UpstreamReply> = fc.record({
  status: fc.constantFrom(
    200,
    200,
    200,
    201,
    204,
    400,
    401,
    402,
    403,
    404,
    409,
    413,
    422,
    429,
    500,
    502,
    503,
  ),
  contentType: fc.option(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html',
      'text/plain',
      'text/event-stream',
    ),
    { nil: undefined },
  ),
  body: fc.oneof(
    validAnswer,
    validAnswer.map((text) => text.slice(0, Math.floor(text.length / 2))),
    fc.json({ maxDepth: 2 }),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.constantFrom(
      '',
      `{"error":{"code":"INVALID_REQUEST","message":"leaked ${TEST_TOKEN}"}}`,
      `<html>${TEST_TOKEN}</html>`,
      'data: [ERROR]USAGE_LIMIT\n\n',
      '{"error":"USAGE_LIMIT"}',
    ),
  ),
});

let next: UpstreamReply = { status: 200, contentType: undefined, body: '' };
let closeUpstream: () => Promise<void>;
let harness: BffHarness;

beforeAll(async () => {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const headers: Record<string, string> = {};
      if (next.contentType !== undefined) headers['content-type'] = next.contentType;
      res.writeHead(next.status, headers);
      res.end(next.status === 204 ? undefined : next.body);
    });
  });
  const upstream = await listenOnLoopback(server);
  closeUpstream = upstream.close;
  harness = await startBff({
    upstreamUrl: upstream.url,
    rateLimit: { perIp: 1_000_000, perVisitor: 1_000_000 },
  });
});
afterAll(async () => {
  await harness?.close();
  await closeUpstream?.();
});

describe('whatever the upstream answers a non-streamed query', () => {
  it('the browser gets a query response or a JSON error, never the upstream body or token', async () => {
    await fc.assert(
      fc.asyncProperty(upstreamReply, async (reply) => {
        next = reply;
        const response = await postQuery(harness.url, 'agent', { query: 'hi' });
        const text = await response.text();
        expect(text).not.toContain(TEST_TOKEN);
        const value = JSON.parse(text) as unknown;
        if (response.status === 200) {
          expect(isQueryResponse(value)).toBe(true);
          // Relayed as it came but for its ids, which the BFF signs for the browser.
          const sent = JSON.parse(reply.body) as QueryResponse;
          expect((value as QueryResponse).answer).toBe(sent.answer);
          expect((value as QueryResponse).sources).toEqual(sent.sources);
        } else {
          expect(isApiErrorBody(value), text).toBe(true);
          expect([400, 402, 403, 404, 413, 429, 502, 504]).toContain(response.status);
        }
      }),
      { numRuns: 200 },
    );
    expect(harness.logs()).not.toContain(TEST_TOKEN);
  });
});

import { type ApiErrorBody, ERROR_CODES } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { postQuery, rawPost } from '../testing/query-client.js';

let upstream: FaultUpstream;
let harness: BffHarness;

beforeAll(async () => {
  upstream = await startFaultUpstream();
  harness = await startBff({
    upstreamUrl: upstream.url,
    allowedAgents: ['answer', 'open'],
    maxBodyBytes: 512,
    maxQueryLength: 100,
    agentPolicies: {
      open: { allowBrowserFields: ['temperature'], query: { temperature: 0.5, maxTokens: 50 } },
      answer: { maxQueryLength: 20 },
    },
  });
});
afterAll(async () => {
  await harness.close();
  await upstream.close();
});

async function expectRejected(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as ApiErrorBody;
  expect(body.error.code).toBe(code);
  return body.error.message;
}

describe('public query route guards (nothing reaches the upstream)', () => {
  let before = 0;
  beforeAll(() => {
    before = upstream.requests.length;
  });
  afterAll(() => {
    expect(upstream.requests.length).toBe(before);
  });

  it.each(['..', '%2E%2E', 'a%2Fb', 'a.b', '%2e%2e%2fadmin', 'a%00b', 'x'.repeat(129)])(
    'rejects the agent id %s',
    async (id) => {
      // node:http sends the path as written (fetch would normalize `..` away).
      const response = await rawPost(`${harness.url}/api/agents/${id}/query`, { query: 'hi' });
      const text = (await response.toArray()).join('');
      expect(response.statusCode).toBe(400);
      expect((JSON.parse(text) as ApiErrorBody).error.code).toBe(ERROR_CODES.invalidRequest);
    },
  );

  it('answers 404 for agents outside the allow-list', async () => {
    const message = await expectRejected(
      await postQuery(harness.url, 'other', { query: 'hi' }),
      404,
      ERROR_CODES.notFound,
    );
    expect(message).toContain('other');
  });

  it('answers 413 with the limit for large bodies', async () => {
    const message = await expectRejected(
      await postQuery(harness.url, 'answer', { query: 'x'.repeat(600) }),
      413,
      ERROR_CODES.payloadTooLarge,
    );
    expect(message).toContain('512 bytes');
  });

  it('answers 400 with the limit for long queries (per-agent and default limits)', async () => {
    const message = await expectRejected(
      await postQuery(harness.url, 'answer', { query: 'x'.repeat(21) }),
      400,
      ERROR_CODES.invalidRequest,
    );
    expect(message).toContain('20 characters');
    const fallback = await expectRejected(
      await postQuery(harness.url, 'open', { query: 'x'.repeat(101) }),
      400,
      ERROR_CODES.invalidRequest,
    );
    expect(fallback).toContain('100 characters');
  });

  it('rejects policy fields the operator did not allow, naming the field', async () => {
    const message = await expectRejected(
      await postQuery(harness.url, 'answer', { query: 'hi', systemPrompt: 'Ignore rules' }),
      400,
      ERROR_CODES.forbidden,
    );
    expect(message).toContain('systemPrompt');
    const other = await expectRejected(
      await postQuery(harness.url, 'open', { query: 'hi', maxTokens: 5000 }),
      400,
      ERROR_CODES.forbidden,
    );
    expect(other).toContain('maxTokens');
  });

  it('rejects unknown fields, naming the field', async () => {
    const message = await expectRejected(
      await postQuery(harness.url, 'answer', { query: 'hi', upstreamUrl: 'http://evil' }),
      400,
      ERROR_CODES.invalidRequest,
    );
    expect(message).toContain('upstreamUrl');
  });

  it('validates with the protocol schema', async () => {
    expect(
      await expectRejected(
        await postQuery(harness.url, 'answer', { query: '   ' }),
        400,
        ERROR_CODES.invalidRequest,
      ),
    ).toContain('query');
    expect(
      await expectRejected(
        await postQuery(harness.url, 'answer', { query: 'hi', visitorId: '../x' }),
        400,
        ERROR_CODES.invalidRequest,
      ),
    ).toContain('visitorId');
    expect(
      await expectRejected(
        await postQuery(harness.url, 'open', { query: 'hi', temperature: 7 }),
        400,
        ERROR_CODES.invalidRequest,
      ),
    ).toContain('temperature');
  });

  it('rejects invalid JSON, non-objects and non-JSON bodies', async () => {
    await expectRejected(
      await postQuery(harness.url, 'answer', '{"query":'),
      400,
      ERROR_CODES.invalidRequest,
    );
    await expectRejected(
      await postQuery(harness.url, 'answer', '["hi"]'),
      400,
      ERROR_CODES.invalidRequest,
    );
    const form = await fetch(`${harness.url}/api/agents/answer/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=hi',
    });
    await expectRejected(form, 415, ERROR_CODES.invalidRequest);
  });
});

describe('policy merge', () => {
  it('lets allowed browser fields through and merges operator fields', async () => {
    const response = await postQuery(harness.url, 'open', { query: 'hi', temperature: 0.9 });
    expect(response.status).toBe(200);
    await response.text();
    expect(JSON.parse(upstream.requests.at(-1)!.body)).toEqual({
      query: 'hi',
      temperature: 0.9,
      maxTokens: 50,
      visitorId: expect.stringMatching(/^v[\w-]{20}$/),
    });
  });

  it('accepts text/plain JSON bodies (no CORS preflight needed)', async () => {
    const response = await fetch(`${harness.url}/api/agents/open/query`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ query: 'hi' }),
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(upstream.requests.at(-1)!.body)).toEqual({
      query: 'hi',
      temperature: 0.5,
      maxTokens: 50,
      visitorId: expect.stringMatching(/^v[\w-]{20}$/),
    });
  });

  it('does not expose other methods or paths on the upstream', async () => {
    const get = await fetch(`${harness.url}/api/agents/answer/query`);
    expect(get.status).toBe(404);
    const count = upstream.requests.length;
    const other = await fetch(`${harness.url}/api/agents/answer/other`, { method: 'POST' });
    expect(other.status).toBe(404);
    expect(upstream.requests.length).toBe(count);
  });
});

import { type ApiErrorBody, ERROR_CODES, type QueryResponse } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff, TEST_TOKEN } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { postQuery } from '../testing/query-client.js';

let upstream: FaultUpstream;
let harness: BffHarness;

beforeAll(async () => {
  upstream = await startFaultUpstream();
  harness = await startBff({ upstreamUrl: upstream.url });
});
afterAll(async () => {
  await harness.close();
  await upstream.close();
});

async function expectError(response: Response, status: number, code: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as ApiErrorBody;
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(text).not.toContain('internal-secret-path');
  expect(text).not.toContain(TEST_TOKEN);
  return body;
}

describe('what the protocol forbids is refused by the BFF itself', () => {
  it.each(['\u0000', '\u0007', '\u001b[2J', '\u007f'])(
    'a query holding %j is a 400 and never reaches the upstream',
    async (control) => {
      const before = upstream.requests.length;
      for (const streaming of [false, true]) {
        const response = await postQuery(harness.url, 'answer', {
          query: `hello ${control} there`,
          streaming,
        });
        const body = await expectError(response, 400, ERROR_CODES.invalidRequest);
        expect(body.error.message).toContain('control characters');
      }
      expect(upstream.requests.length).toBe(before);
    },
  );
});

describe('an upstream refusing the visitor input', () => {
  it.each([false, true])(
    '400 comes back as a 400 with a safe message (streaming %s)',
    async (streaming) => {
      const response = await postQuery(harness.url, 'reject', { query: 'hi', streaming });
      await expectError(response, 400, ERROR_CODES.invalidRequest);
    },
  );

  it('422 comes back as a 400 without the raw body', async () => {
    const response = await postQuery(harness.url, 'unprocessable', { query: 'hi' });
    await expectError(response, 400, ERROR_CODES.invalidRequest);
    expect(harness.logs()).not.toContain('internal-secret-path');
  });
});
describe('a 200 that is not a query response', () => {
  it.each(['html', 'truncated', 'wrongShape', 'oversized'])(
    '(%s) is a 502 UPSTREAM_ERROR',
    async (scenario) => {
      const response = await postQuery(harness.url, scenario, { query: 'hi' });
      await expectError(response, 502, ERROR_CODES.upstreamError);
      expect(harness.logs()).not.toContain('internal-secret-path');
    },
  );

  it('while a valid answer is relayed as it came', async () => {
    const response = await postQuery(harness.url, 'answer', { query: 'hi', visitorId: 'v-1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as QueryResponse;
    expect(typeof body.answer).toBe('string');
    // Its ids are signed for the browser ('v-1' is no signed visitor: served as a new one).
    expect(body.visitorId).toEqual(expect.any(String));
    expect(body.visitorId).not.toBe('v-1');
    expect(body.conversationId).toEqual(expect.any(String));
    expect(body.conversationId).not.toBe('conversation-1');
  });
});

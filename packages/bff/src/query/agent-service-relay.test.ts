import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import { type ApiErrorBody, ERROR_CODES, type QueryResponse } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { answerOf, postQuery, readEvents } from '../testing/query-client.js';

let service: RunningAgentService;
let apiKey: string;
let harness: BffHarness;
let wrongKey: BffHarness;
let datastoreFilter: BffHarness;

beforeAll(async () => {
  service = await startAgentService({ port: 0, database: await createTestDatabase() });
  ({ apiKey } = await service.seedDemo());
  harness = await startBff({
    upstreamUrl: service.url,
    agentApiToken: apiKey,
    allowedAgents: ['demo'],
  });
  wrongKey = await startBff({
    upstreamUrl: service.url,
    agentApiToken: 'not-the-right-key',
    allowedAgents: ['demo'],
  });
  datastoreFilter = await startBff({
    upstreamUrl: service.url,
    agentApiToken: apiKey,
    allowedAgents: ['demo'],
    agentPolicies: { demo: { allowBrowserFields: ['filters'] } },
  });
});
afterAll(async () => {
  await harness?.close();
  await wrongKey?.close();
  await datastoreFilter?.close();
  await service?.close();
});

describe('relay to the real agent service', () => {
  it('streams an answer in the spec dialect', async () => {
    const response = await postQuery(harness.url, 'demo', {
      query: 'How do I add the widget to my site?',
      streaming: true,
    });
    expect(response.status).toBe(200);
    const text = await response.clone().text();
    expect(text).not.toContain(apiKey);
    const events = await readEvents(response);
    expect(events.at(-1)).toEqual({ type: 'done' });
    const answer = answerOf(events);
    expect(answer.length).toBeGreaterThan(0);
    const final = events.find((event) => event.type === 'endpoint_response');
    if (final?.type !== 'endpoint_response') throw new Error('no endpoint_response event');
    const parsed = JSON.parse(final.json) as QueryResponse;
    expect(parsed.answer).toBe(answer);
    expect(typeof parsed.conversationId).toBe('string');
    expect(harness.logs()).not.toContain(apiKey);
  });

  it('relays a JSON answer', async () => {
    const response = await postQuery(harness.url, 'demo', { query: 'What is agent-chat?' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as QueryResponse;
    expect(body.answer.length).toBeGreaterThan(0);
    expect(typeof body.visitorId).toBe('string');
  });

  it('reports a wrong server token as 502 UPSTREAM_AUTH without leaking it', async () => {
    const response = await postQuery(wrongKey.url, 'demo', { query: 'hi', streaming: true });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect((JSON.parse(text) as ApiErrorBody).error.code).toBe(ERROR_CODES.upstreamAuth);
    expect(text).not.toContain('not-the-right-key');
    expect(wrongKey.logs()).not.toContain('not-the-right-key');
  });

  it('refuses a query with control characters itself: 400, not the upstream 400 as a 502', async () => {
    for (const query of ['nul \u0000 here', 'escape \u001b[31m']) {
      const response = await postQuery(harness.url, 'demo', { query, streaming: true });
      const text = await response.text();
      expect(response.status, text).toBe(400);
      expect((JSON.parse(text) as ApiErrorBody).error.code).toBe(ERROR_CODES.invalidRequest);
    }
  });

  it('relays the service refusing a datastore the agent lacks as 403, not as a token failure', async () => {
    const own = await postQuery(datastoreFilter.url, 'demo', {
      query: 'What is agent-chat?',
      filters: { datastore_ids: ['demo-docs'] },
    });
    expect(own.status).toBe(200);
    expect(((await own.json()) as QueryResponse).sources.length).toBeGreaterThan(0);
    const response = await postQuery(datastoreFilter.url, 'demo', {
      query: 'What is agent-chat?',
      streaming: true,
      filters: { datastore_ids: ['someone-elses-store'] },
    });
    const text = await response.text();
    expect(response.status, text).toBe(403);
    const { error } = JSON.parse(text) as ApiErrorBody;
    expect(error.code).toBe(ERROR_CODES.forbidden);
    // The BFF's own words for a visitor, never the upstream's message.
    expect(error.message).not.toContain('someone-elses-store');
  });

  it('is ready when the agent service answers', async () => {
    expect((await fetch(`${harness.url}/readyz`)).status).toBe(200);
  });
});

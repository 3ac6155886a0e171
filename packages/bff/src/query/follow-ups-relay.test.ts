import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import { type QueryResponse, readQueryStream, type SseDialect } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { postQuery } from '../testing/query-client.js';

/** The answer as the browser gets it: JSON, or the stream read to its end. */
async function answer(base: string, agentId: string, body: Record<string, unknown>) {
  const response = await postQuery(base, agentId, body);
  expect(response.status).toBe(200);
  if (body.streaming !== true) return (await response.json()) as QueryResponse;
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  return readQueryStream(response.body as ReadableStream<Uint8Array>);
}

describe('follow-ups through the BFF from our agent service', () => {
  let service: RunningAgentService;
  let apiKey: string;
  let harness: BffHarness;
  beforeAll(async () => {
    service = await startAgentService({ port: 0, database: await createTestDatabase() });
    ({ apiKey } = await service.seedDemo());
    harness = await startBff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
    });
  });
  afterAll(async () => {
    await harness?.close();
    await service?.close();
  });

  it.each([false, true])(
    'relays them with an answer (streaming: %s), none with a decline',
    async (streaming) => {
      const answered = await answer(harness.url, 'demo', {
        query: 'How do I add the widget to my site?',
        streaming,
      });
      expect(answered.sources.length).toBeGreaterThan(0);
      expect(answered.followUps?.length).toBeGreaterThanOrEqual(2);
      for (const question of answered.followUps ?? []) {
        expect(question.length).toBeLessThanOrEqual(120);
      }
      const declined = await answer(harness.url, 'demo', {
        query: 'Which zeppelins carry quantum bananas?',
        streaming,
      });
      expect(declined.sources).toEqual([]);
      expect(declined).not.toHaveProperty('followUps');
    },
  );

  it('relays none in a conversation handed to a person, in JSON or streamed', async () => {
    const enabled = await fetch(`${service.url}/api/agents/demo`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ handoffEnabled: true }),
    });
    expect(enabled.status).toBe(200);
    const first = await answer(harness.url, 'demo', {
      query: 'How do I add the widget to my site?',
    });
    expect(first.followUps?.length).toBeGreaterThan(0);
    const owned = { visitorId: first.visitorId, conversationId: first.conversationId };
    const handoff = await fetch(`${harness.url}/api/agents/demo/handoff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(owned),
    });
    expect(await handoff.json()).toEqual({ status: 'handoff' });
    for (const streaming of [false, true]) {
      const waiting = await answer(harness.url, 'demo', {
        query: 'How do I add the widget to my site?',
        ...owned,
        streaming,
      });
      expect(waiting.status).toBe('handoff');
      expect(waiting).not.toHaveProperty('followUps');
    }
  });
});

describe.each<SseDialect>(['spec', 'chaindesk'])('follow-ups from a %s upstream', (dialect) => {
  let plain: FaultUpstream;
  let extended: FaultUpstream;
  let plainBff: BffHarness;
  let extendedBff: BffHarness;
  beforeAll(async () => {
    plain = await startFaultUpstream({ dialect });
    extended = await startFaultUpstream({
      dialect,
      finalFields: {
        followUps: [
          ' Tell me about Proxies (Guide) ',
          42,
          'x'.repeat(121),
          'Can I pay by card?',
          'Third?',
          'Fourth?',
        ],
      },
    });
    plainBff = await startBff({ upstreamUrl: plain.url, upstreamDialect: dialect });
    extendedBff = await startBff({ upstreamUrl: extended.url, upstreamDialect: dialect });
  });
  afterAll(async () => {
    await plainBff.close();
    await extendedBff.close();
    await plain.close();
    await extended.close();
  });

  it.each([false, true])(
    'relays none when the upstream sends none (streaming: %s)',
    async (streaming) => {
      const answered = await answer(plainBff.url, 'answer', { query: 'hi', streaming });
      expect(answered.answer.length).toBeGreaterThan(0);
      expect(answered).not.toHaveProperty('followUps');
    },
  );

  it.each([false, true])(
    'relays only strings it may show, at most three (streaming: %s)',
    async (streaming) => {
      const answered = await answer(extendedBff.url, 'answer', { query: 'hi', streaming });
      expect(answered.followUps).toEqual([
        'Tell me about Proxies (Guide)',
        'Can I pay by card?',
        'Third?',
      ]);
    },
  );
});

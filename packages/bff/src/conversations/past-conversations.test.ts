import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import {
  type ApiErrorBody,
  ERROR_CODES,
  type MessagesResponse,
  type PastConversationsResponse,
} from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { newVisitor, postQuery } from '../testing/query-client.js';

type Answer = { visitorId: string; conversationId: string };

function poster(harness: BffHarness, agentId = 'demo') {
  return (route: string, body: unknown) =>
    fetch(`${harness.url}/api/agents/${agentId}/${route}`, {
      method: 'POST',
      // What the widget sends: text/plain needs no CORS preflight.
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(((await response.json()) as ApiErrorBody).error.code).toBe(code);
}

describe("the visitor's past conversations through the BFF against our agent service", () => {
  let service: RunningAgentService;
  let harness: BffHarness;
  let limited: BffHarness;
  let post: ReturnType<typeof poster>;
  beforeAll(async () => {
    service = await startAgentService({ port: 0, database: await createTestDatabase() });
    const { apiKey } = await service.seedDemo();
    const options = { upstreamUrl: service.url, agentApiToken: apiKey, allowedAgents: ['demo'] };
    harness = await startBff(options);
    limited = await startBff({
      ...options,
      rateLimit: { perIp: 100, perVisitor: 2, windowMs: 60_000 },
    });
    post = poster(harness);
  });
  afterAll(async () => {
    await harness?.close();
    await limited?.close();
    await service?.close();
  });

  /** A second conversation of the same visitor (a question without a conversation id). */
  async function another(visitorId: string, query: string): Promise<Answer> {
    const response = await postQuery(harness.url, 'demo', { query, visitorId });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  }

  async function listed(visitorId: string, conversationIds: string[]) {
    const response = await post('conversations', { visitorId, conversationIds });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return ((await response.json()) as PastConversationsResponse).conversations;
  }

  it("lists the visitor's own conversations, newest first, under the ids the widget holds", async () => {
    const alice = (await newVisitor(harness.url, 'demo')) as Answer;
    const later = await another(alice.visitorId, 'How do I add the widget to my site?');
    const bob = (await newVisitor(harness.url, 'demo')) as Answer;
    const conversations = await listed(alice.visitorId, [
      alice.conversationId,
      bob.conversationId,
      later.conversationId,
      alice.conversationId,
      'not-a-signed-id',
    ]);
    expect(conversations).toEqual([
      {
        conversationId: later.conversationId,
        firstQuestion: 'How do I add the widget to my site?',
        status: 'open',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      expect.objectContaining({ conversationId: alice.conversationId, firstQuestion: 'hello' }),
    ]);
    // Bob's signed id is omitted for Alice, and his own list holds only his.
    expect(
      (await listed(bob.visitorId, [alice.conversationId, bob.conversationId])).map(
        (conversation) => conversation.conversationId,
      ),
    ).toEqual([bob.conversationId]);
    expect(await listed(bob.visitorId, [alice.conversationId])).toEqual([]);
  });

  it('reopens one with its whole transcript, and deletes only the visitor’s own', async () => {
    const carol = (await newVisitor(harness.url, 'demo')) as Answer;
    const owned = { visitorId: carol.visitorId, conversationId: carol.conversationId };
    await postQuery(harness.url, 'demo', { query: 'What is agent-chat?', ...owned }).then((r) =>
      r.text(),
    );
    const transcript = (await (await post('messages', owned)).json()) as MessagesResponse;
    expect(transcript.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(transcript.messages[0]?.text).toBe('hello');

    const dave = (await newVisitor(harness.url, 'demo')) as Answer;
    await expectError(
      await post('conversations/delete', {
        visitorId: dave.visitorId,
        conversationId: carol.conversationId,
      }),
      404,
      ERROR_CODES.notFound,
    );
    const deleted = await post('conversations/delete', owned);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true });
    expect(await listed(carol.visitorId, [carol.conversationId])).toEqual([]);
    // Gone upstream too: the signed id still opens, the service answers 404.
    await expectError(await post('conversations/delete', owned), 404, ERROR_CODES.notFound);
    await expectError(await post('messages', owned), 404, ERROR_CODES.notFound);
  });

  it('refuses malformed bodies with 400 and an unsigned visitor with 404', async () => {
    const erin = (await newVisitor(harness.url, 'demo')) as Answer;
    const tooMany = Array.from({ length: 21 }, () => erin.conversationId);
    for (const body of [
      { visitorId: erin.visitorId },
      { visitorId: erin.visitorId, conversationIds: erin.conversationId },
      { visitorId: erin.visitorId, conversationIds: tooMany },
      { visitorId: erin.visitorId, conversationIds: [], extra: 1 },
      '{"visitorId":',
    ]) {
      await expectError(await post('conversations', body), 400, ERROR_CODES.invalidRequest);
    }
    await expectError(
      await post('conversations/delete', { visitorId: erin.visitorId }),
      400,
      ERROR_CODES.invalidRequest,
    );
    await expectError(
      await post('conversations', { visitorId: 'forged', conversationIds: [] }),
      404,
      ERROR_CODES.notFound,
    );
    await expectError(
      await post('conversations/delete', {
        visitorId: 'forged',
        conversationId: erin.conversationId,
      }),
      404,
      ERROR_CODES.notFound,
    );
  });

  it('counts both routes against the visitor’s rate limit', async () => {
    const frank = (await newVisitor(limited.url, 'demo')) as Answer;
    const limitedPost = poster(limited);
    const body = { visitorId: frank.visitorId, conversationIds: [frank.conversationId] };
    expect((await limitedPost('conversations', body)).status).toBe(200);
    expect((await limitedPost('conversations', body)).status).toBe(200);
    await expectError(await limitedPost('conversations', body), 429, ERROR_CODES.rateLimited);
    await expectError(
      await limitedPost('conversations/delete', {
        visitorId: frank.visitorId,
        conversationId: frank.conversationId,
      }),
      429,
      ERROR_CODES.rateLimited,
    );
  });
});

describe('past conversations from a Chaindesk upstream', () => {
  let upstream: FaultUpstream;
  let harness: BffHarness;
  beforeAll(async () => {
    upstream = await startFaultUpstream({ dialect: 'chaindesk' });
    harness = await startBff({
      upstreamUrl: upstream.url,
      upstreamDialect: 'chaindesk',
      allowedAgents: ['answer'],
    });
  });
  afterAll(async () => {
    await harness.close();
    await upstream.close();
  });

  it('lists none, without asking the upstream', async () => {
    const visitor = (await newVisitor(harness.url, 'answer')) as Answer;
    const before = upstream.requests.length;
    const response = await poster(harness, 'answer')('conversations', {
      visitorId: visitor.visitorId,
      conversationIds: [visitor.conversationId],
    });
    expect(await response.json()).toEqual({ conversations: [] });
    expect(upstream.requests.length).toBe(before);
  });
});

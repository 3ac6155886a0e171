import {
  type ApiErrorBody,
  ERROR_CODES,
  type FeedbackResponse,
  type MessagesResponse,
} from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff, TEST_TOKEN } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { newVisitor, postQuery, visitorIdOfToken } from '../testing/query-client.js';

let upstream: FaultUpstream;
let harness: BffHarness;

beforeAll(async () => {
  // Chaindesk's dialect: an upstream that checks no owner, so every check here is the BFF's.
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

function post(route: string, body: unknown, agentId = 'answer'): Promise<Response> {
  return fetch(`${harness.url}/api/agents/${agentId}/${route}`, {
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

/** Runs `attempt` and checks it is a 404 that never reached the upstream. */
async function expectRefused(attempt: () => Promise<Response>) {
  const before = upstream.requests.length;
  await expectError(await attempt(), 404, ERROR_CODES.notFound);
  expect(upstream.requests.length).toBe(before);
}

type Answer = { visitorId: string; conversationId: string; messageId: string };

describe('feedback', () => {
  let alice: Answer;
  let mallory: Answer;
  beforeAll(async () => {
    alice = (await newVisitor(harness.url, 'answer')) as Answer;
    mallory = (await newVisitor(harness.url, 'answer')) as Answer;
  });

  it('round trip: a vote with a comment, changed, then cleared', async () => {
    const vote = await post('feedback', {
      visitorId: alice.visitorId,
      messageId: alice.messageId,
      eval: 'bad',
      comment: 'Wrong opening hours',
    });
    expect(vote.status).toBe(200);
    expect(await vote.json()).toEqual({
      messageId: alice.messageId,
      eval: 'bad',
      comment: 'Wrong opening hours',
    } satisfies FeedbackResponse);
    const sent = JSON.parse(upstream.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
    expect(upstream.requests.at(-1)?.url).toBe('/api/conversations/eval-answer');
    expect(upstream.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(sent).toEqual({
      messageId: 'message-1',
      visitorId: visitorIdOfToken(alice.visitorId),
      eval: 'bad',
      comment: 'Wrong opening hours',
    });

    const changed = await post('feedback', {
      visitorId: alice.visitorId,
      messageId: alice.messageId,
      eval: 'good',
    });
    expect(await changed.json()).toMatchObject({ eval: 'good', comment: null });
    const cleared = await post('feedback', {
      visitorId: alice.visitorId,
      messageId: alice.messageId,
      eval: null,
    });
    expect(await cleared.json()).toMatchObject({ eval: null, comment: null });
    expect(upstream.conversations.votes.get('message-1')).toEqual({ eval: null, comment: null });
  });

  it("refuses a vote on another visitor's message, or from a forged visitor", async () => {
    await expectRefused(() =>
      post('feedback', { visitorId: mallory.visitorId, messageId: alice.messageId, eval: 'bad' }),
    );
    await expectRefused(() =>
      post('feedback', {
        visitorId: visitorIdOfToken(alice.visitorId),
        messageId: alice.messageId,
        eval: 'bad',
      }),
    );
    await expectRefused(() =>
      post('feedback', { visitorId: alice.visitorId, messageId: 'message-1', eval: 'bad' }),
    );
    // A conversation id is not a message id.
    await expectRefused(() =>
      post('feedback', {
        visitorId: alice.visitorId,
        messageId: alice.conversationId,
        eval: 'bad',
      }),
    );
  });

  it('answers bad input with a clear 400, and other agents with 404', async () => {
    const base = { visitorId: alice.visitorId, messageId: alice.messageId };
    await expectError(await post('feedback', { ...base, eval: 'meh' }), 400, 'INVALID_REQUEST');
    await expectError(await post('feedback', { ...base }), 400, 'INVALID_REQUEST');
    await expectError(
      await post('feedback', { ...base, eval: 'bad', comment: 'x'.repeat(1_001) }),
      400,
      'INVALID_REQUEST',
    );
    await expectError(
      await post('feedback', { ...base, eval: 'bad', extra: 1 }),
      400,
      'INVALID_REQUEST',
    );
    await expectError(await post('feedback', '{"eval":'), 400, 'INVALID_REQUEST');
    await expectError(await post('feedback', { ...base, eval: 'good' }, 'other'), 404, 'NOT_FOUND');
  });
});

describe('handoff and operator replies', () => {
  let alice: Answer;
  let mallory: Answer;
  let rawConversation: string;
  beforeAll(async () => {
    alice = (await newVisitor(harness.url, 'answer')) as Answer;
    mallory = (await newVisitor(harness.url, 'answer')) as Answer;
    rawConversation = alice.conversationId.slice(0, -23);
  });

  it("refuses a handoff or a poll of another visitor's conversation", async () => {
    const stolen = { visitorId: mallory.visitorId, conversationId: alice.conversationId };
    await expectRefused(() => post('handoff', stolen));
    await expectRefused(() => post('messages', stolen));
    await expectRefused(() =>
      post('messages', { visitorId: alice.visitorId, conversationId: rawConversation }),
    );
  });

  it('words the refusal of a conversation as the query route does', async () => {
    const stolen = { visitorId: mallory.visitorId, conversationId: alice.conversationId };
    const messages: string[] = [];
    for (const response of [
      await post('handoff', stolen),
      await post('messages', stolen),
      await postQuery(harness.url, 'answer', { query: 'hello', ...stolen }),
    ]) {
      expect(response.status).toBe(404);
      messages.push(((await response.json()) as ApiErrorBody).error.message);
    }
    expect(new Set(messages)).toEqual(
      new Set([
        'This conversation does not exist or belongs to another visitor; start a new conversation.',
      ]),
    );
  });

  it('hands the conversation to a person and shows their replies to its visitor only', async () => {
    const owned = { visitorId: alice.visitorId, conversationId: alice.conversationId };
    const handoff = await post('handoff', owned);
    expect(handoff.status).toBe(200);
    expect(await handoff.json()).toEqual({ status: 'handoff' });
    expect(upstream.conversations.handoffs).toContain(rawConversation);
    expect(JSON.parse(upstream.requests.at(-1)?.body ?? '{}')).toEqual({
      agentId: 'answer',
      visitorId: visitorIdOfToken(alice.visitorId),
    });

    upstream.conversations.operatorMessages.set(rawConversation, [
      { id: 'op-1', text: 'Hello, Sam from support here.' },
      { id: 'op-2', text: 'Your order ships today.' },
    ]);
    const poll = await post('messages', owned);
    expect(poll.status).toBe(200);
    const page = (await poll.json()) as MessagesResponse;
    expect(page.status).toBe('handoff');
    expect(page.messages.map((message) => [message.role, message.text])).toEqual([
      ['operator', 'Hello, Sam from support here.'],
      ['operator', 'Your order ships today.'],
    ]);
    // Message ids are signed for the visitor; answer metadata never reaches the browser.
    expect(page.messages[0]?.id).toMatch(/^op-1_[\w-]{22}$/);
    expect(JSON.stringify(page)).not.toContain('secret-internal');
    expect(upstream.requests.at(-1)?.url).toBe(
      `/api/conversations/${rawConversation}/messages?agentId=answer&visitorId=${visitorIdOfToken(alice.visitorId)}`,
    );

    const after = await post('messages', { ...owned, after: page.messages[0]?.id });
    expect(((await after.json()) as MessagesResponse).messages.map((m) => m.text)).toEqual([
      'Your order ships today.',
    ]);
    expect(upstream.requests.at(-1)?.url).toContain('&after=op-1');
    await expectRefused(() => post('messages', { ...owned, after: 'op-1' }));
  });
});

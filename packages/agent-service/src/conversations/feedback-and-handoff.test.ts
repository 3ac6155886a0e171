import { HANDOFF_ACKNOWLEDGEMENT, readQueryStream } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import { expectError } from '../testing/two-organizations.js';

let fixture: ConversationFixture;

async function ask(query: string, visitorId: string, conversationId?: string) {
  const response = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
    query,
    visitorId,
    ...(conversationId === undefined ? {} : { conversationId }),
  });
  expect(response.status).toBe(200);
  return response.body as {
    conversationId: string;
    messageId: string;
    answer: string;
    status: string;
    handoffEnabled: boolean;
  };
}

const vote = (body: Record<string, unknown>) =>
  fixture.call('POST', '/api/conversations/eval-answer', body);

beforeAll(async () => {
  fixture = await startConversationFixture();
});

afterAll(async () => {
  await fixture.service.close();
});

describe('POST /api/conversations/eval-answer', () => {
  it('records, changes and clears a vote; the list filters on it', async () => {
    const answer = await ask('How are refunds processed?', 'voter');
    const good = await vote({ messageId: answer.messageId, visitorId: 'voter', eval: 'good' });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ messageId: answer.messageId, eval: 'good', comment: null });
    const listed = async (feedback: string) =>
      (await fixture.call('GET', `/api/conversations?feedback=${feedback}`)).body.conversations.map(
        (c: { id: string }) => c.id,
      );
    expect(await listed('good')).toContain(answer.conversationId);

    const bad = await vote({
      messageId: answer.messageId,
      visitorId: 'voter',
      eval: 'bad',
      comment: '  Too vague.  ',
    });
    expect(bad.body).toEqual({ messageId: answer.messageId, eval: 'bad', comment: 'Too vague.' });
    expect(await listed('good')).not.toContain(answer.conversationId);
    expect(await listed('bad')).toContain(answer.conversationId);
    const detail = await fixture.call('GET', `/api/conversations/${answer.conversationId}`);
    expect(detail.body.feedback).toEqual({ good: 0, bad: 1 });
    expect(detail.body.messages[1]).toMatchObject({ eval: 'bad', comment: 'Too vague.' });

    const cleared = await vote({ messageId: answer.messageId, visitorId: 'voter', eval: null });
    expect(cleared.body).toEqual({ messageId: answer.messageId, eval: null, comment: null });
    expect(await listed('bad')).not.toContain(answer.conversationId);
  });

  it('accepts votes only from the visitor who owns the answer', async () => {
    const answer = await ask('refunds', 'owner');
    expectError(
      await vote({ messageId: answer.messageId, visitorId: 'someone-else', eval: 'bad' }),
      404,
      'NOT_FOUND',
      /Message/,
    );
    const question = (await fixture.call('GET', `/api/conversations/${answer.conversationId}`)).body
      .messages[0].id;
    expectError(
      await vote({ messageId: question, visitorId: 'owner', eval: 'good' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await vote({ messageId: 'unknown', visitorId: 'owner', eval: 'good' }),
      404,
      'NOT_FOUND',
    );
    const { apiKey } = await fixture.service.createOrganization('Elsewhere');
    const elsewhere = await fetch(`${fixture.service.url}/api/conversations/eval-answer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messageId: answer.messageId, visitorId: 'owner', eval: 'good' }),
    });
    expect(elsewhere.status).toBe(404);
    const rows = await fixture.service.database.query('SELECT eval FROM messages WHERE id = $1', [
      answer.messageId,
    ]);
    expect(rows).toEqual([{ eval: null }]);
  });

  it('rejects a comment over 1,000 characters and an unknown vote', async () => {
    const answer = await ask('refunds', 'talker');
    const body = { messageId: answer.messageId, visitorId: 'talker' };
    expectError(
      await vote({ ...body, eval: 'bad', comment: 'x'.repeat(1001) }),
      400,
      'INVALID_REQUEST',
      /comment/,
    );
    expectError(await vote({ ...body, eval: 'meh' }), 400, 'INVALID_REQUEST', /eval/);
    expect((await vote({ ...body, eval: 'bad', comment: 'x'.repeat(1000) })).status).toBe(200);
  });
});

describe('human handoff', () => {
  it('runs end to end: ask for a person, acknowledged questions, operator reply, poll, hand back', async () => {
    const first = await ask('How are refunds processed?', 'visitor-h');
    const id = first.conversationId;
    const handoff = (body: Record<string, unknown>) =>
      fixture.call('POST', `/api/conversations/${id}/handoff`, body);

    expectError(
      await handoff({ agentId: fixture.agentId, visitorId: 'intruder' }),
      404,
      'NOT_FOUND',
    );
    const started = await handoff({ agentId: fixture.agentId, visitorId: 'visitor-h' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ id, status: 'handoff', visitorId: 'visitor-h' });

    // The AI stays silent: JSON and streamed questions get the acknowledgement.
    const answeredBefore = fixture.answered.length;
    const acknowledged = await ask('Can a person check my refund?', 'visitor-h', id);
    expect(acknowledged).toMatchObject({ answer: HANDOFF_ACKNOWLEDGEMENT, status: 'handoff' });
    const streamed = await readQueryStream(
      (
        await fixture.query({
          query: 'Hello?',
          conversationId: id,
          visitorId: 'visitor-h',
          streaming: true,
        })
      ).body as ReadableStream<Uint8Array>,
    );
    expect(streamed.answer).toBe(HANDOFF_ACKNOWLEDGEMENT);
    expect(fixture.answered.length).toBe(answeredBefore);
    const held = await fixture.call('GET', `/api/conversations/${id}`);
    expect(
      held.body.messages.slice(2).map((m: { role: string; text: string }) => [m.role, m.text]),
    ).toEqual([
      ['user', 'Can a person check my refund?'],
      ['assistant', HANDOFF_ACKNOWLEDGEMENT],
      ['user', 'Hello?'],
      ['assistant', HANDOFF_ACKNOWLEDGEMENT],
    ]);
    expect(held.body.messages[3].metadata).toMatchObject({ answerer: 'handoff', found: false });
    const lastSeen = held.body.messages.at(-1).id;

    // The operator replies; the visitor's poll sees it (and only the owner may poll).
    const reply = await fixture.call('POST', `/api/conversations/${id}/messages`, {
      text: 'Hi, I am Sam. Your refund was sent today.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      role: 'operator',
      text: 'Hi, I am Sam. Your refund was sent today.',
      metadata: null,
    });
    const poll = await fixture.call(
      'GET',
      `/api/conversations/${id}/messages?agentId=${fixture.agentId}&visitorId=visitor-h&after=${lastSeen}`,
    );
    expect(poll.status).toBe(200);
    expect(poll.body).toEqual({
      status: 'handoff',
      messages: [
        {
          id: reply.body.id,
          role: 'operator',
          text: 'Hi, I am Sam. Your refund was sent today.',
          createdAt: expect.any(String),
          sources: [],
          eval: null,
          comment: null,
        },
      ],
    });
    const everything = await fixture.call(
      'GET',
      `/api/conversations/${id}/messages?agentId=${fixture.agentId}&visitorId=visitor-h`,
    );
    expect(everything.body.messages).toHaveLength(7);
    expect(everything.body.messages[1]).not.toHaveProperty('metadata');
    expectError(
      await fixture.call(
        'GET',
        `/api/conversations/${id}/messages?agentId=${fixture.agentId}&visitorId=intruder`,
      ),
      404,
      'NOT_FOUND',
    );
    expectError(
      await fixture.call(
        'GET',
        `/api/conversations/${id}/messages?agentId=${fixture.otherAgentId}&visitorId=visitor-h`,
      ),
      404,
      'NOT_FOUND',
    );
    const elsewhere = await ask('refunds', 'visitor-h');
    expectError(
      await fixture.call(
        'GET',
        `/api/conversations/${id}/messages?agentId=${fixture.agentId}&visitorId=visitor-h&after=${elsewhere.messageId}`,
      ),
      404,
      'NOT_FOUND',
      /Message/,
    );
    expectError(
      await fixture.call('GET', `/api/conversations/${id}/messages?agentId=${fixture.agentId}`),
      400,
      'INVALID_REQUEST',
      /visitorId/,
    );

    // Handed back to the AI: it answers again.
    const back = await fixture.call('POST', '/api/conversations/update-status', {
      conversationId: id,
      status: 'open',
    });
    expect(back.body).toMatchObject({ id, status: 'open' });
    const again = await ask('How are refunds processed?', 'visitor-h', id);
    expect(again.status).toBe('open');
    expect(again.answer).not.toBe(HANDOFF_ACKNOWLEDGEMENT);
    expect(fixture.answered.length).toBe(answeredBefore + 2); // `elsewhere`, then this one
  });

  it('lets an operator take over an open conversation by replying', async () => {
    const answer = await ask('refunds', 'visitor-o');
    await fixture.call('POST', `/api/conversations/${answer.conversationId}/messages`, {
      text: 'Operator here.',
    });
    const detail = await fixture.call('GET', `/api/conversations/${answer.conversationId}`);
    expect(detail.body.status).toBe('handoff');
    expectError(
      await fixture.call('POST', '/api/conversations/nope/messages', { text: 'hello' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await fixture.call('POST', `/api/conversations/${answer.conversationId}/messages`, {
        text: ' ',
      }),
      400,
      'INVALID_REQUEST',
    );
  });

  it('refuses a handoff on an agent without handoffEnabled (403), and tells every answer', async () => {
    const first = await ask('How are refunds processed?', 'visitor-d');
    expect(first).toMatchObject({ handoffEnabled: true });
    const other = await fixture.call('POST', `/api/agents/${fixture.otherAgentId}/query`, {
      query: 'refunds',
      visitorId: 'visitor-d',
    });
    expect(other.body).toMatchObject({ handoffEnabled: false, status: 'open' });
    const handoff = (conversationId: string, agentId: string) =>
      fixture.call('POST', `/api/conversations/${conversationId}/handoff`, {
        agentId,
        visitorId: 'visitor-d',
      });
    expectError(
      await handoff(other.body.conversationId, fixture.otherAgentId),
      403,
      'HANDOFF_DISABLED',
      /handoffEnabled/,
    );
    const detail = await fixture.call('GET', `/api/conversations/${other.body.conversationId}`);
    expect(detail.body.status).toBe('open');

    // Enabled, the other agent still cannot take over this agent's conversation.
    await fixture.call('PATCH', `/api/agents/${fixture.otherAgentId}`, { handoffEnabled: true });
    try {
      expectError(await handoff(first.conversationId, fixture.otherAgentId), 404, 'NOT_FOUND');
    } finally {
      await fixture.call('PATCH', `/api/agents/${fixture.otherAgentId}`, { handoffEnabled: false });
    }
  });

  it('starts a handoff before the first message, and reopens a resolved conversation on a new question', async () => {
    const started = await fixture.call('POST', '/api/conversations/fresh-1/handoff', {
      agentId: fixture.agentId,
      visitorId: 'visitor-f',
    });
    expect(started.body).toMatchObject({
      id: 'fresh-1',
      status: 'handoff',
      messageCount: 0,
      lastMessage: null,
    });
    expect((await ask('anyone?', 'visitor-f', 'fresh-1')).status).toBe('handoff');
    const resolved = await fixture.call('POST', '/api/conversations/update-status', {
      conversationId: 'fresh-1',
      status: 'resolved',
    });
    expect(resolved.body.status).toBe('resolved');
    expect((await ask('refunds', 'visitor-f', 'fresh-1')).status).toBe('open');
    expectError(
      await fixture.call('POST', '/api/conversations/update-status', {
        conversationId: 'fresh-1',
        status: 'closed',
      }),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await fixture.call('POST', '/api/conversations/fresh-1/handoff', {
        agentId: 'no-agent',
        visitorId: 'visitor-f',
      }),
      404,
      'NOT_FOUND',
    );
  });
});

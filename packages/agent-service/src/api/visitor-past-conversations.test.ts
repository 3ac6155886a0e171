import type { VisitorConversationsResponse, VisitorMessagesResponse } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';

let fixture: ConversationFixture;

async function ask(query: string, visitorId: string, agentId = fixture.agentId) {
  const response = await fixture.call('POST', `/api/agents/${agentId}/query`, {
    query,
    visitorId,
  });
  expect(response.status).toBe(200);
  return response.body as { conversationId: string };
}

const list = (visitorId: string, conversationIds: string[], agentId = fixture.agentId) =>
  fixture.call('POST', `/api/agents/${agentId}/visitor-conversations`, {
    visitorId,
    conversationIds,
  });

beforeAll(async () => {
  fixture = await startConversationFixture();
});

afterAll(async () => {
  await fixture.service.close();
});

describe("a visitor's past conversations", () => {
  it("lists only the visitor's own with this agent, newest first, with the first question", async () => {
    const older = await ask('How are refunds processed?', 'ada');
    const long = `How do I embed the widget ${'on my page '.repeat(30)}?`;
    const newer = await ask(long, 'ada');
    await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'And how long does it take?',
      visitorId: 'ada',
      conversationId: older.conversationId,
    });
    const someoneElse = await ask('How are refunds processed?', 'bob');
    const otherAgent = await ask('How are refunds processed?', 'ada', fixture.otherAgentId);
    const response = await list('ada', [
      newer.conversationId,
      someoneElse.conversationId,
      older.conversationId,
      otherAgent.conversationId,
      'never-was',
    ]);
    expect(response.status).toBe(200);
    const { conversations } = response.body as VisitorConversationsResponse;
    // The older conversation was continued last: it is the most recently updated.
    expect(conversations.map((conversation) => conversation.id)).toEqual([
      older.conversationId,
      newer.conversationId,
    ]);
    expect(conversations[0]).toMatchObject({
      firstQuestion: 'How are refunds processed?',
      status: 'open',
    });
    expect(Date.parse(conversations[0]?.updatedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(conversations[0]?.createdAt ?? ''),
    );
    expect(conversations[1]?.firstQuestion).toMatch(
      /^How do I embed the widget (on my page )+on my…$/,
    );
    expect(conversations[1]?.firstQuestion.length).toBeLessThanOrEqual(200);

    expect((await list('ada', [])).body).toEqual({ conversations: [] });
    expect((await list('mallory', [older.conversationId])).body).toEqual({ conversations: [] });
  });

  it('reopens a conversation with its whole transcript, and erases only the owner’s', async () => {
    const { conversationId } = await ask('How are refunds processed?', 'cy');
    await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'How do I embed the widget?',
      visitorId: 'cy',
      conversationId,
    });
    const transcript = await fixture.call(
      'GET',
      `/api/conversations/${conversationId}/messages?agentId=${fixture.agentId}&visitorId=cy`,
    );
    const { messages } = transcript.body as VisitorMessagesResponse;
    expect(messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(messages[0]?.text).toBe('How are refunds processed?');

    const erase = (visitorId: string, agentId = fixture.agentId) =>
      fixture.call('POST', `/api/agents/${agentId}/visitor-conversations/delete`, {
        visitorId,
        conversationId,
      });
    expect((await erase('mallory')).status).toBe(404);
    expect((await erase('cy', fixture.otherAgentId)).status).toBe(404);
    expect((await erase('cy')).body).toEqual({ deleted: true });
    expect((await erase('cy')).status).toBe(404);
    expect((await list('cy', [conversationId])).body).toEqual({ conversations: [] });
    const rows = await fixture.service.database.query(
      'SELECT 1 FROM messages WHERE conversation_id = $1',
      [conversationId],
    );
    expect(rows).toEqual([]);
  });

  it('refuses malformed bodies with 400 and an unknown agent with 404', async () => {
    const bad = [
      { visitorId: 'ada' },
      { visitorId: 'ada', conversationIds: 'c1' },
      { visitorId: 'ada', conversationIds: Array.from({ length: 21 }, (_, index) => `c${index}`) },
      { visitorId: 'ada', conversationIds: [], extra: true },
    ];
    for (const body of bad) {
      const response = await fixture.call(
        'POST',
        `/api/agents/${fixture.agentId}/visitor-conversations`,
        body,
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const noId = await fixture.call(
      'POST',
      `/api/agents/${fixture.agentId}/visitor-conversations/delete`,
      { visitorId: 'ada' },
    );
    expect(noId.status).toBe(400);
    expect((await list('ada', [], 'missing-agent')).status).toBe(404);
  });
});

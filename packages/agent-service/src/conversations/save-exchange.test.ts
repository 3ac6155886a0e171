import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import { saveExchange } from './conversations.js';

let fixture: ConversationFixture;

beforeAll(async () => {
  fixture = await startConversationFixture();
});

afterAll(async () => {
  await fixture.service.close();
});

const metadata = { answerer: 'extractive', latencyMs: 1, topScores: [], found: false };

function exchange(conversationId: string, visitorId: string, agentId = fixture.agentId) {
  return {
    organizationId: fixture.organizationId,
    agentId,
    conversationId,
    visitorId,
    channel: 'api' as const,
    query: `question in ${conversationId}`,
    answer: `answer in ${conversationId}`,
    sources: [],
    metadata,
  };
}

async function messagesOf(conversationId: string) {
  return fixture.service.database.query<{ id: string; role: string; text: string }>(
    'SELECT id, role, text FROM messages WHERE conversation_id = $1 ORDER BY seq',
    [conversationId],
  );
}

describe('saveExchange (one statement)', () => {
  it('creates the conversation and stores the question, then the answer', async () => {
    const saved = await saveExchange(fixture.service.database, exchange('c-new', 'v1'));
    expect(saved.status).toBe('open');
    const messages = await messagesOf('c-new');
    expect(messages.map((message) => [message.role, message.text])).toEqual([
      ['user', 'question in c-new'],
      ['assistant', 'answer in c-new'],
    ]);
    expect(messages[1]?.id).toBe(saved.messageId);
    const again = await saveExchange(fixture.service.database, exchange('c-new', 'v1'));
    expect((await messagesOf('c-new')).map((message) => message.id)).toEqual([
      messages[0]?.id,
      messages[1]?.id,
      expect.any(String),
      again.messageId,
    ]);
  });

  it('writes nothing and throws 404 when the conversation is another visitor’s or agent’s', async () => {
    await saveExchange(fixture.service.database, exchange('c-owned', 'v1'));
    for (const other of [
      exchange('c-owned', 'v2'),
      exchange('c-owned', 'v1', fixture.otherAgentId),
    ]) {
      await expect(saveExchange(fixture.service.database, other)).rejects.toMatchObject({
        status: 404,
      });
    }
    expect(await messagesOf('c-owned')).toHaveLength(2);
  });

  it('opens a resolved conversation again when the visitor writes to it', async () => {
    await saveExchange(fixture.service.database, exchange('c-resolved', 'v1'));
    await fixture.service.database.query(
      `UPDATE conversations SET status = 'resolved' WHERE id = 'c-resolved'`,
    );
    const saved = await saveExchange(fixture.service.database, exchange('c-resolved', 'v1'));
    expect(saved.status).toBe('open');
  });
});

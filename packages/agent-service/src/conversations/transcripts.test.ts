import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import { expectError } from '../testing/two-organizations.js';

let fixture: ConversationFixture;
const ids: string[] = [];

async function ask(query: string, visitorId: string, conversationId?: string) {
  const response = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
    query,
    visitorId,
    ...(conversationId === undefined ? {} : { conversationId }),
  });
  expect(response.status).toBe(200);
  return response.body as { conversationId: string; messageId: string };
}

beforeAll(async () => {
  fixture = await startConversationFixture();
  // Oldest first: c0 talks about refunds, c1 about embedding, c2 about both.
  ids.push((await ask('How are refunds processed?', 'v0')).conversationId);
  ids.push((await ask('How do I embed the widget?', 'v1')).conversationId);
  const both = await ask('Tell me about refunds', 'v2');
  await ask('and the widget script tag', 'v2', both.conversationId);
  ids.push(both.conversationId);
});

afterAll(async () => {
  await fixture.service.close();
});

describe('GET /api/conversations', () => {
  it('lists summaries newest first with counts and the latest message', async () => {
    const list = await fixture.call('GET', '/api/conversations');
    expect(list.status).toBe(200);
    expect(list.body.nextCursor).toBeNull();
    expect(list.body.conversations.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    expect(list.body.conversations[0]).toEqual({
      id: ids[2],
      agentId: fixture.agentId,
      visitorId: 'v2',
      status: 'open',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      messageCount: 4,
      feedback: { good: 0, bad: 0 },
      lastMessage: { role: 'assistant', text: expect.any(String), createdAt: expect.any(String) },
      channel: 'api',
      user: null,
    });
  });

  it('pages with a cursor without skipping or repeating', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await fixture.call(
        'GET',
        `/api/conversations?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.conversations).toHaveLength(1);
      seen.push(page.body.conversations[0].id);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('searches the messages with full-text search (stemmed words)', async () => {
    const refunds = await fixture.call('GET', '/api/conversations?q=refund');
    expect(refunds.body.conversations.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[0]]);
    const phrase = await fixture.call(
      'GET',
      `/api/conversations?q=${encodeURIComponent('"script tag"')}`,
    );
    expect(phrase.body.conversations.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    const none = await fixture.call('GET', '/api/conversations?q=zeppelin');
    expect(none.body).toEqual({ conversations: [], nextCursor: null });
    for (const q of ['the', '):*!&|<->', "' OR 1=1 --", '   ']) {
      const odd = await fixture.call('GET', `/api/conversations?q=${encodeURIComponent(q)}`);
      expect(odd.status).toBe(200);
      expect(odd.body.conversations).toHaveLength(q.trim() === '' ? 3 : 0);
    }
  });

  it('filters by agent, status and time', async () => {
    const other = await fixture.call('GET', `/api/conversations?agentId=${fixture.otherAgentId}`);
    expect(other.body.conversations).toEqual([]);
    const handoff = await fixture.call('GET', '/api/conversations?status=handoff');
    expect(handoff.body.conversations).toEqual([]);
    const future = await fixture.call('GET', '/api/conversations?from=2999-01-01');
    expect(future.body.conversations).toEqual([]);
    const past = await fixture.call('GET', '/api/conversations?to=2999-01-01');
    expect(past.body.conversations).toHaveLength(3);
  });

  it('rejects bad parameters with 400 naming them', async () => {
    expectError(
      await fixture.call('GET', '/api/conversations?limit=0'),
      400,
      'INVALID_REQUEST',
      /limit/,
    );
    expectError(
      await fixture.call('GET', '/api/conversations?cursor=abc'),
      400,
      'INVALID_REQUEST',
      /cursor/,
    );
    expectError(
      await fixture.call('GET', '/api/conversations?feedback=meh'),
      400,
      'INVALID_REQUEST',
      /feedback/,
    );
    expectError(
      await fixture.call('GET', '/api/conversations?status=x&status=y'),
      400,
      'INVALID_REQUEST',
      /status/,
    );
  });

  it('needs the API key', async () => {
    const response = await fetch(`${fixture.service.url}/api/conversations`);
    expect(response.status).toBe(401);
  });
});

describe('GET and DELETE /api/conversations/{id}', () => {
  it('returns every message oldest first', async () => {
    const detail = await fixture.call('GET', `/api/conversations/${ids[2]}`);
    expect(detail.body.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(detail.body.messages[0].text).toBe('Tell me about refunds');
  });

  it('is 404 for another organization and an unknown id', async () => {
    const { apiKey } = await fixture.service.createOrganization('Intruder');
    const intruder = await fetch(`${fixture.service.url}/api/conversations/${ids[0]}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(intruder.status).toBe(404);
    const list = await fetch(`${fixture.service.url}/api/conversations`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(await list.json()).toEqual({ conversations: [], nextCursor: null });
    expectError(
      await fixture.call('GET', '/api/conversations/nope'),
      404,
      'NOT_FOUND',
      /Conversation/,
    );
  });

  it('erases a conversation with its messages and returns it as it was', async () => {
    const extra = await ask('refunds please', 'v9');
    const deleted = await fixture.call('DELETE', `/api/conversations/${extra.conversationId}`, {});
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: extra.conversationId, messageCount: 2 });
    expectError(
      await fixture.call('GET', `/api/conversations/${extra.conversationId}`),
      404,
      'NOT_FOUND',
    );
    const rows = await fixture.service.database.query(
      'SELECT 1 FROM messages WHERE conversation_id = $1',
      [extra.conversationId],
    );
    expect(rows).toEqual([]);
    expectError(
      await fixture.call('DELETE', `/api/conversations/${extra.conversationId}`, {}),
      404,
      'NOT_FOUND',
    );
  });
});

describe('10,000 conversations', () => {
  it('lists, pages, filters and searches fast (indexes)', async () => {
    const organization = await fixture.service.database.query<{ organization_id: string }>(
      'SELECT organization_id FROM conversations WHERE id = $1',
      [ids[0]],
    );
    const organizationId = organization[0]?.organization_id;
    await fixture.service.database.query(
      `INSERT INTO conversations (organization_id, id, agent_id, visitor_id, updated_at)
       SELECT $1, 'bulk-' || n, $2, 'bulk-visitor-' || n, now() - n * interval '1 minute'
       FROM generate_series(1, 10000) AS n`,
      [organizationId, fixture.agentId],
    );
    await fixture.service.database.query(
      `INSERT INTO messages (id, organization_id, conversation_id, role, text, eval)
       SELECT 'bulk-m-' || n || '-' || r, $1, 'bulk-' || n,
         CASE r WHEN 1 THEN 'user' ELSE 'assistant' END,
         CASE WHEN n % 1000 = 0 THEN 'my parcel never arrived' ELSE 'question number ' || n END,
         CASE WHEN r = 2 AND n % 500 = 0 THEN 'bad' END
       FROM generate_series(1, 10000) AS n, generate_series(1, 2) AS r`,
      [organizationId],
    );
    await fixture.service.database.exec('ANALYZE conversations; ANALYZE messages');
    const timed = async (path: string) => {
      const started = performance.now();
      const response = await fixture.call('GET', path);
      expect(response.status).toBe(200);
      return { body: response.body, ms: performance.now() - started };
    };
    await timed('/api/conversations'); // warm-up
    const first = await timed('/api/conversations?limit=100');
    expect(first.body.conversations).toHaveLength(100);
    const deep = await timed(`/api/conversations?limit=100&cursor=${first.body.nextCursor}`);
    expect(deep.body.conversations[0].id).toBe('bulk-98');
    const parcel = await timed('/api/conversations?q=parcels');
    expect(parcel.body.conversations).toHaveLength(10);
    const bad = await timed('/api/conversations?feedback=bad&limit=100');
    expect(bad.body.conversations).toHaveLength(20);
    const timings = { first: first.ms, deep: deep.ms, search: parcel.ms, feedback: bad.ms };
    console.log('10k conversations, ms:', JSON.stringify(timings));
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(1_000);
  });
});

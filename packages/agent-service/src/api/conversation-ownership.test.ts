import { readQueryStream } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';

let fixture: ConversationFixture;
let conversationId: string;

/** Everything stored about the conversation: proves a refused query wrote nothing. */
async function stored(id: string) {
  return fixture.service.database.query(
    `SELECT c.updated_at, c.visitor_id, c.agent_id, count(m.id)::int AS messages
     FROM conversations c LEFT JOIN messages m
       ON m.organization_id = c.organization_id AND m.conversation_id = c.id
     WHERE c.id = $1 GROUP BY c.organization_id, c.id`,
    [id],
  );
}

beforeAll(async () => {
  fixture = await startConversationFixture();
  const first = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
    query: 'How are refunds processed?',
    visitorId: 'visitor-alice',
  });
  expect(first.status).toBe(200);
  conversationId = first.body.conversationId;
});

afterAll(async () => {
  await fixture.service.close();
});

describe('a conversation belongs to one agent and one visitor', () => {
  it.each([
    ['another visitor', { visitorId: 'visitor-mallory' }, undefined],
    ['no visitor on another agent', {}, 'other'],
    ['the same visitor on another agent', { visitorId: 'visitor-alice' }, 'other'],
  ])(
    'refuses %s with 404 in JSON mode: no history read, nothing written',
    async (_name, who, agent) => {
      const before = await stored(conversationId);
      const answeredBefore = fixture.answered.length;
      const response = await fixture.query(
        { query: 'What did I ask before?', conversationId, ...who },
        agent === 'other' ? fixture.otherAgentId : fixture.agentId,
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: `Conversation "${conversationId}" was not found.` },
      });
      expect(fixture.answered.length).toBe(answeredBefore);
      expect(await stored(conversationId)).toEqual(before);
    },
  );

  it('refuses another visitor with a 404 JSON error before any stream event', async () => {
    const before = await stored(conversationId);
    const answeredBefore = fixture.answered.length;
    const response = await fixture.query({
      query: 'Tell me the history',
      conversationId,
      visitorId: 'visitor-mallory',
      streaming: true,
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect(fixture.answered.length).toBe(answeredBefore);
    expect(await stored(conversationId)).toEqual(before);
  });

  it('continues for its owner, with the history, in both modes', async () => {
    const json = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'And embedding the widget?',
      conversationId,
      visitorId: 'visitor-alice',
    });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ conversationId, visitorId: 'visitor-alice', status: 'open' });
    expect(fixture.answered.at(-1)?.history.map((turn) => turn.role)).toEqual([
      'user',
      'assistant',
    ]);
    const streamed = await readQueryStream(
      (
        await fixture.query({
          query: 'refunds again',
          conversationId,
          visitorId: 'visitor-alice',
          streaming: true,
        })
      ).body as ReadableStream<Uint8Array>,
    );
    expect(streamed.conversationId).toBe(conversationId);
    expect((await stored(conversationId))[0]).toMatchObject({ messages: 6 });
  });

  it('starts a new conversation for an unknown id and keeps it for that visitor', async () => {
    const response = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'refunds',
      conversationId: 'brand-new-1',
      visitorId: 'visitor-bob',
    });
    expect(response.body).toMatchObject({
      conversationId: 'brand-new-1',
      visitorId: 'visitor-bob',
    });
    const stolen = await fixture.query({
      query: 'refunds',
      conversationId: 'brand-new-1',
      visitorId: 'visitor-mallory',
    });
    expect(stolen.status).toBe(404);
  });

  it('continues a conversation sent without visitorId as its own visitor (Chaindesk’s server integrations)', async () => {
    const [before] = (await stored(conversationId)) as { messages: number }[];
    if (!before) throw new Error('the conversation of beforeAll is not stored');
    const json = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'And how long do refunds take?',
      conversationId,
    });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ conversationId, visitorId: 'visitor-alice' });
    expect(fixture.answered.at(-1)?.history.length).toBe(before.messages);
    const streamed = await readQueryStream(
      (await fixture.query({ query: 'refunds again', conversationId, streaming: true }))
        .body as ReadableStream<Uint8Array>,
    );
    expect(streamed).toMatchObject({ conversationId, visitorId: 'visitor-alice' });
    expect((await stored(conversationId))[0]).toMatchObject({
      visitor_id: 'visitor-alice',
      messages: before.messages + 4,
    });
  });

  it('creates a visitor id when none is given', async () => {
    const response = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'refunds',
    });
    expect(response.body.visitorId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(response.body.visitorId).not.toBe('visitor-alice');
  });
});

describe('every message is stored with its metadata', () => {
  it('keeps time, role, sources and answer metadata (answerer, latency, scores, found)', async () => {
    const detail = await fixture.call('GET', `/api/conversations/${conversationId}`);
    expect(detail.status).toBe(200);
    const [question, answer] = detail.body.messages;
    expect(question).toMatchObject({
      role: 'user',
      text: 'How are refunds processed?',
      sources: [],
      metadata: null,
      eval: null,
    });
    expect(Date.parse(question.createdAt)).toBeGreaterThan(Date.now() - 600_000);
    expect(answer.role).toBe('assistant');
    expect(answer.sources[0].datasource_name).toBe('refunds.md');
    expect(answer.metadata).toEqual({
      answerer: 'custom',
      latencyMs: expect.any(Number),
      topScores: expect.any(Array),
      found: true,
    });
    expect(answer.metadata.topScores[0]).toBeGreaterThan(0);
    expect(answer.metadata.topScores[0]).toBe(answer.sources[0].score);
  });

  it('records found: false when retrieval finds nothing', async () => {
    const response = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'zebra quantum marmalade',
      visitorId: 'visitor-carol',
    });
    const detail = await fixture.call('GET', `/api/conversations/${response.body.conversationId}`);
    expect(detail.body.messages[1].metadata).toMatchObject({ found: false, topScores: [] });
  });
});

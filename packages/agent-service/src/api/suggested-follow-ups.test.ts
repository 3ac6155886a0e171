import { type ConversationDetail, type QueryResponse, readQueryStream } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answerer } from '../answering/index.js';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';

let fixture: ConversationFixture;
let modelFixture: ConversationFixture;

/**
 * Answers as a model does through the OpenAI-compatible answerer: no citations, and "I
 * don't know" in its own words when it finds nothing in the passages.
 */
const modelLike: Answerer = {
  async *answer(input) {
    yield input.query.includes('salary')
      ? "I'm sorry, I don't know: the context does not say."
      : `The passages say: ${input.passages[0]?.content ?? ''}`;
  },
};

async function upsertGuide(target: ConversationFixture) {
  const agent = await target.call('GET', `/api/agents/${target.agentId}`);
  const [datastoreId] = agent.body.datastoreIds as string[];
  const upsert = await target.call('POST', `/api/datastores/upsert/${datastoreId}`, {
    documents: [{ name: 'lighthouse.md', text: GUIDE }],
  });
  expect(upsert.status).toBe(200);
}

const GUIDE = [
  '# Lighthouse guide',
  '## Lamp care',
  'Keepers trim the wick of the lighthouse lamp every evening at dusk.',
  '## Fog signals',
  'The lighthouse fog horn sounds twice a minute while fog hides the lamp.',
  '## Can keepers bring their families?',
  'Keepers of the lighthouse may bring their families; the lamp room stays locked.',
].join('\n\n');

const QUESTION = 'How often do keepers trim the wick of the lighthouse lamp?';

async function ask(query: string, visitorId: string, conversationId?: string) {
  const response = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
    query,
    visitorId,
    ...(conversationId === undefined ? {} : { conversationId }),
  });
  expect(response.status).toBe(200);
  return response.body as QueryResponse;
}

beforeAll(async () => {
  fixture = await startConversationFixture();
  modelFixture = await startConversationFixture({ answerer: modelLike });
  await upsertGuide(fixture);
  await upsertGuide(modelFixture);
});

afterAll(async () => {
  await fixture.service.close();
  await modelFixture.service.close();
});

describe('follow-up suggestions in query responses', () => {
  it('suggests the other sections retrieved, not the one quoted, and records their pages', async () => {
    const reply = await ask(QUESTION, 'ada');
    expect(reply.answer).toContain('every evening at dusk');
    expect(reply.followUps).toEqual([
      'Can keepers bring their families?',
      'Tell me about Fog signals (Lighthouse guide)',
    ]);
    const stored = (await fixture.call('GET', `/api/conversations/${reply.conversationId}`))
      .body as ConversationDetail;
    expect(stored.messages.at(-1)?.metadata?.followUps).toEqual([
      {
        question: 'Can keepers bring their families?',
        sourceUrl: null,
        datasourceName: 'lighthouse.md',
      },
      {
        question: 'Tell me about Fog signals (Lighthouse guide)',
        sourceUrl: null,
        datasourceName: 'lighthouse.md',
      },
    ]);
    // Each suggestion finds its own section again.
    const followed = await ask(reply.followUps?.[1] as string, 'ada');
    expect(followed.answer).toContain('twice a minute');
  });

  it("carries them in the stream's final endpoint_response", async () => {
    const response = await fixture.query({ query: QUESTION, visitorId: 'bo', streaming: true });
    expect(response.status).toBe(200);
    const result = await readQueryStream(response.body as ReadableStream<Uint8Array>);
    expect(result.followUps).toEqual([
      'Can keepers bring their families?',
      'Tell me about Fog signals (Lighthouse guide)',
    ]);
  });

  it('suggests none with a decline, nor in a conversation handed to a person', async () => {
    const declined = await ask('Which zeppelins carry quantum bananas?', 'cy');
    expect(declined.sources).toEqual([]);
    expect(declined).not.toHaveProperty('followUps');

    const first = await ask(QUESTION, 'di');
    expect(first.followUps?.length).toBeGreaterThan(0);
    const handoff = await fixture.call(
      'POST',
      `/api/conversations/${first.conversationId}/handoff`,
      { agentId: fixture.agentId, visitorId: 'di' },
    );
    expect(handoff.status).toBe(200);
    const waiting = await ask(QUESTION, 'di', first.conversationId);
    expect(waiting.status).toBe('handoff');
    expect(waiting).not.toHaveProperty('followUps');
    const stream = await fixture.query({
      query: QUESTION,
      visitorId: 'di',
      conversationId: first.conversationId,
      streaming: true,
    });
    const streamed = await readQueryStream(stream.body as ReadableStream<Uint8Array>);
    expect(streamed.status).toBe('handoff');
    expect(streamed).not.toHaveProperty('followUps');
  });

  it('comes the same way with a model that cites nothing: the best passage counts as quoted', async () => {
    const reply = await modelFixture.call('POST', `/api/agents/${modelFixture.agentId}/query`, {
      query: QUESTION,
      visitorId: 'ed',
    });
    expect(reply.body.answer).toContain('every evening at dusk');
    expect(reply.body.followUps).toEqual([
      'Can keepers bring their families?',
      'Tell me about Fog signals (Lighthouse guide)',
    ]);
    // A model that declines in its own words although passages were found suggests none.
    const declined = await modelFixture.call('POST', `/api/agents/${modelFixture.agentId}/query`, {
      query: 'What salary do lighthouse keepers earn for the lamp?',
      visitorId: 'ed',
    });
    expect(declined.body.sources.length).toBeGreaterThan(0);
    expect(declined.body).not.toHaveProperty('followUps');
  });
});

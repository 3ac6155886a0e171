import http from 'node:http';
import { INSIGHTS_LIMITS, type InsightsResponse } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../testing/api-client.js';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import { expectError } from '../testing/two-organizations.js';

let fixture: ConversationFixture;
const today = new Date().toISOString().slice(0, 10);
let refunds: { conversationId: string; messageId: string };
let unknown: { conversationId: string; messageId: string };

async function ask(query: string, visitorId: string, agentId = fixture.agentId) {
  const response = await fixture.call('POST', `/api/agents/${agentId}/query`, {
    query,
    visitorId,
  });
  expect(response.status).toBe(200);
  return response.body as { conversationId: string; messageId: string };
}

async function insights(search = ''): Promise<InsightsResponse> {
  const response = await fixture.call('GET', `/api/insights${search}`);
  expect(response.status).toBe(200);
  return response.body as InsightsResponse;
}

beforeAll(async () => {
  fixture = await startConversationFixture();
  refunds = await ask('How are refunds processed?', 'v1');
  unknown = await ask('Do you sell purple elephants?', 'v2');
  await ask('How do I embed the widget?', 'v3', fixture.otherAgentId);
  const voted = await fixture.call('POST', '/api/conversations/eval-answer', {
    messageId: refunds.messageId,
    visitorId: 'v1',
    eval: 'bad',
    comment: 'Five days is too vague',
  });
  expect(voted.status).toBe(200);
  // A handoff: the acknowledgement retrieves nothing on purpose and is no content gap.
  const handoff = await fixture.call(
    'POST',
    `/api/conversations/${unknown.conversationId}/handoff`,
    {
      agentId: fixture.agentId,
      visitorId: 'v2',
    },
  );
  expect(handoff.status).toBe(200);
  const acknowledged = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
    query: 'Hello? Anyone?',
    visitorId: 'v2',
    conversationId: unknown.conversationId,
  });
  expect(acknowledged.status).toBe(200);
});

/** `GET url` with the key, on a connection of its own (no keep-alive pool). */
function getOnNewConnection(
  url: string,
  apiKey: string,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: false, headers: { authorization: `Bearer ${apiKey}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

afterAll(async () => {
  await fixture.service.close();
});

describe('GET /api/insights', () => {
  it('counts questions per UTC day, answers and votes, and lists the content gaps with their questions', async () => {
    const result = await insights();
    expect(result.days).toHaveLength(INSIGHTS_LIMITS.defaultDays + 1);
    expect(result.days.at(-1)).toEqual({ date: today, queries: 4 });
    expect(result.days.slice(0, -1).every((day) => day.queries === 0)).toBe(true);
    expect(result).toMatchObject({
      queries: 4,
      answers: 4,
      feedback: { good: 0, bad: 1 },
      nothingRetrieved: 1,
      gapCount: 2,
    });
    expect(result.gaps).toEqual([
      {
        conversationId: unknown.conversationId,
        messageId: unknown.messageId,
        question: 'Do you sell purple elephants?',
        answer: expect.any(String),
        reasons: ['nothing-retrieved'],
        comment: null,
        createdAt: expect.any(String),
      },
      {
        conversationId: refunds.conversationId,
        messageId: refunds.messageId,
        question: 'How are refunds processed?',
        answer: expect.stringContaining('five business days'),
        reasons: ['thumbs-down'],
        comment: 'Five days is too vague',
        createdAt: expect.any(String),
      },
    ]);
  });

  it("narrows to one agent's conversations and to a range of days", async () => {
    const other = await insights(`?agentId=${fixture.otherAgentId}`);
    expect(other).toMatchObject({ queries: 1, answers: 1, gapCount: 0, gaps: [] });
    const past = await insights('?from=2026-01-01&to=2026-01-08');
    expect(past.days.map((day) => day.date)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ]);
    expect(past).toMatchObject({ queries: 0, answers: 0, gapCount: 0, gaps: [] });
  });

  it('shows nothing of another organization, and refuses bad ranges and missing keys', async () => {
    const { apiKey } = await fixture.service.createOrganization('Other org');
    const stranger = await createApiClient(fixture.service.url, apiKey)('GET', '/api/insights');
    expect(stranger.status).toBe(200);
    expect(stranger.body).toMatchObject({ queries: 0, answers: 0, gapCount: 0, gaps: [] });
    expectError(
      await fixture.call('GET', '/api/insights?from=2026-02-01&to=2026-01-01'),
      400,
      'INVALID_REQUEST',
      /from must be before to/,
    );
    expectError(
      await fixture.call('GET', '/api/insights?from=2020-01-01&to=2026-01-01'),
      400,
      'INVALID_REQUEST',
      /366 days/,
    );
    const anonymous = await createApiClient(fixture.service.url)('GET', '/api/insights');
    expect(anonymous.status).toBe(401);
  });

  it('aggregates 10,000 conversations over 30 days, keeping the newest 50 gaps', async () => {
    const { apiKey, organizationId } = await fixture.service.createOrganization('Busy');
    await fixture.service.database.query(
      `INSERT INTO conversations (organization_id, id, visitor_id)
         SELECT $1, 'busy-' || n, 'v' || n FROM generate_series(1, 10000) n`,
      [organizationId],
    );
    await fixture.service.database.query(
      `INSERT INTO messages (id, organization_id, conversation_id, role, text, metadata, eval, created_at)
         SELECT 'busy-' || n || '-' || r, $1, 'busy-' || n,
           CASE r WHEN 1 THEN 'user' ELSE 'assistant' END,
           CASE r WHEN 1 THEN 'Question ' || n ELSE 'Answer ' || n END,
           CASE r WHEN 2 THEN jsonb_build_object('answerer', 'extractive', 'latencyMs', 5,
             'topScores', '[]'::jsonb, 'found', n % 10 <> 0) END,
           CASE WHEN r = 2 AND n % 25 = 0 THEN 'bad' WHEN r = 2 AND n % 5 = 0 THEN 'good' END,
           date_trunc('day', now()) - (n % 30) * interval '1 day' + r * interval '1 second'
         FROM generate_series(1, 10000) n, generate_series(1, 2) r`,
      [organizationId],
    );
    // A fresh connection: the inserts above held the event loop (PGlite runs in this
    // process), so a kept-alive socket may be closing just as a request would reuse it.
    const started = performance.now();
    const busy = await getOnNewConnection(`${fixture.service.url}/api/insights`, apiKey);
    const elapsed = performance.now() - started;
    expect(busy.status).toBe(200);
    const result = busy.body as InsightsResponse;
    expect(result.queries).toBe(10_000);
    expect(result.answers).toBe(10_000);
    // n % 25 = 0 → bad (400); n % 5 = 0 but not % 25 → good (1,600); n % 10 = 0 → nothing found (1,000).
    expect(result.feedback).toEqual({ good: 1_600, bad: 400 });
    expect(result.nothingRetrieved).toBe(1_000);
    // Gaps: nothing found (1,000) or bad (400), both for n % 50 = 0 (200): 1,200.
    expect(result.gapCount).toBe(1_200);
    expect(result.gaps).toHaveLength(INSIGHTS_LIMITS.gaps);
    expect(result.days.reduce((sum, day) => sum + day.queries, 0)).toBe(10_000);
    expect(result.days.filter((day) => day.queries > 0)).toHaveLength(30);
    const times = result.gaps.map((gap) => gap.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Measured, not asserted (shared machines): see the report of the insights change.
    console.info(`insights over 20,000 messages: ${elapsed.toFixed(0)} ms`);
  });
});

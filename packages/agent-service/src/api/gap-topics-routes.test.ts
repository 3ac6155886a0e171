import type { GapAnswerResponse, GapTopicsResponse, QueryResponse } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveToolFeedback } from '../conversations/index.js';
import { createGapTopicsCache, type GroupedGapTopics, listGapTopics } from '../gaps/index.js';
import { createApiClient } from '../testing/api-client.js';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import { askAgent } from '../testing/notified-fixture.js';
import { expectError } from '../testing/two-organizations.js';

let fixture: ConversationFixture;

const SSO = [
  'Is SAML SSO available?',
  'How do I set up SAML SSO with Okta?',
  'SAML SSO with Azure AD',
  'Which plan includes SAML SSO?',
];
const SOCKETS = [
  'Can I use WebSockets?',
  'Can I host a websocket server?',
  'websocket connection closes after a few seconds',
];
const STUDENTS = ['Do you have a student discount?', 'student discount for university'];

let visitors = 0;

const ask = (query: string, visitorId = `v${++visitors}`): Promise<QueryResponse> =>
  askAgent(fixture, query, visitorId);

async function topics(search = ''): Promise<GapTopicsResponse> {
  const response = await fixture.call(
    'GET',
    `/api/insights/gaps?agentId=${fixture.agentId}${search}`,
  );
  expect(response.status).toBe(200);
  return response.body as GapTopicsResponse;
}

beforeAll(async () => {
  fixture = await startConversationFixture();
  for (const question of [...SSO, ...SOCKETS, ...STUDENTS]) {
    const answer = await ask(question);
    expect(answer.sources).toEqual([]);
  }
  // A student question asked 40 days ago: the previous period of the default 30 days.
  const old = await ask('student discount please');
  await fixture.service.database.query(
    `UPDATE messages SET created_at = now() - interval '40 days' WHERE conversation_id = $1`,
    [old.conversationId],
  );
  // An answer voted down, and what an AI tool reported through MCP's send_feedback.
  const refunds = await ask('How are refunds processed?', 'voter');
  expect(refunds.sources.length).toBeGreaterThan(0);
  const voted = await fixture.call('POST', '/api/conversations/eval-answer', {
    messageId: refunds.messageId,
    visitorId: 'voter',
    eval: 'bad',
  });
  expect(voted.status).toBe(200);
  await saveToolFeedback(fixture.service.database, {
    organizationId: fixture.organizationId,
    agentId: fixture.agentId,
    comment: 'Nothing explains SAML SSO setup',
  });
}, 120_000);

afterAll(async () => {
  await fixture?.service.close();
});

describe('GET /api/insights/gaps', () => {
  it('groups the gaps into topics, largest first, with reasons, dates and trends', async () => {
    const page = await topics();
    const [sso, sockets] = page.topics;
    expect(sso?.count).toBe(5);
    expect(sso?.label).toContain('sso');
    expect(sso?.trend).toBe('new');
    expect(sso?.questions.map((question) => question.reason).sort()).toEqual([
      'ai-tool',
      'nothing-retrieved',
      'nothing-retrieved',
      'nothing-retrieved',
      'nothing-retrieved',
    ]);
    expect(sso?.questions.map((question) => question.question)).toContain(
      'Nothing explains SAML SSO setup',
    );
    expect(sockets?.count).toBe(3);
    expect(new Set(sockets?.questions.map((question) => question.question))).toEqual(
      new Set(SOCKETS),
    );
    expect((sockets?.firstSeen ?? '') <= (sockets?.lastSeen ?? '')).toBe(true);
    const students = page.topics.find((topic) => topic.label.includes('student'));
    expect(students).toMatchObject({ count: 2, previousCount: 1, trend: 'up' });
    const refunds = page.topics.find((topic) => topic.label.includes('refunds'));
    expect(refunds?.questions[0]).toMatchObject({ reason: 'thumbs-down' });
    expect(page.hidden).toBe(0);
    expect(page.nextCursor).toBeNull();
  });

  it('pages with a cursor', async () => {
    const all = await topics();
    const first = await topics('&limit=2');
    expect(first.topics.map((topic) => topic.id)).toEqual(
      all.topics.slice(0, 2).map((topic) => topic.id),
    );
    expect(first.nextCursor).not.toBeNull();
    const second = await topics(`&limit=2&cursor=${first.nextCursor}`);
    expect(second.topics.map((topic) => topic.id)).toEqual(
      all.topics.slice(2, 4).map((topic) => topic.id),
    );
    const bad = await fixture.call(
      'GET',
      `/api/insights/gaps?agentId=${fixture.agentId}&cursor=nonsense`,
    );
    expectError(bad, 400, 'INVALID_REQUEST', /cursor/);
  });

  it('refuses bad dates (400) and another organization’s agent (404)', async () => {
    const base = `/api/insights/gaps?agentId=${fixture.agentId}`;
    expectError(
      await fixture.call('GET', `${base}&from=yesterday`),
      400,
      'INVALID_REQUEST',
      /from/,
    );
    expectError(
      await fixture.call('GET', `${base}&from=2026-02-01&to=2026-01-01`),
      400,
      'INVALID_REQUEST',
      /before/,
    );
    expectError(await fixture.call('GET', '/api/insights/gaps'), 400, 'INVALID_REQUEST', /agentId/);
    const other = await fixture.service.createOrganization('Other');
    const call = createApiClient(fixture.service.url, other.apiKey);
    expectError(await call('GET', base), 404, 'NOT_FOUND');
    expectError(
      await call('POST', '/api/insights/gaps/hide', {
        agentId: fixture.agentId,
        topicId: 'x',
        questions: ['spam'],
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('answering a topic once, hiding one', () => {
  it('answers every question of the topic with the Q&A entry, at once, and marks it', async () => {
    const topic = (await topics()).topics.find((candidate) =>
      candidate.label.includes('websocket'),
    );
    if (!topic) throw new Error('no websocket topic');
    const saved = await fixture.call('POST', '/api/insights/gaps/answer', {
      agentId: fixture.agentId,
      topicId: topic.id,
      question: topic.typicalQuestion,
      variants: topic.questions.map((question) => question.question),
      answer: 'WebSockets are not supported: use **server-sent events** instead.',
      sourceUrl: 'https://example.com/realtime',
      by: 'Ada',
    });
    expect(saved.status).toBe(200);
    const body = saved.body as GapAnswerResponse;
    expect(body.status).toBe('synched');
    for (const question of SOCKETS) {
      const answer = await ask(question);
      expect(answer.answer).toContain('server-sent events');
      expect(answer.sources[0]).toMatchObject({
        datasource_id: body.datasourceId,
        datasource_type: 'qa',
      });
    }
    const after = (await topics()).topics.find((candidate) => candidate.id === topic.id);
    expect(after?.answered).toMatchObject({ by: 'Ada', datasourceId: body.datasourceId });

    // A second answer extends the same datasource.
    const students = (await topics()).topics.find((candidate) =>
      candidate.label.includes('student'),
    );
    const again = await fixture.call('POST', '/api/insights/gaps/answer', {
      agentId: fixture.agentId,
      topicId: students?.id,
      question: 'Do you have a student discount?',
      answer: 'Students get 50 % off with a university address.',
    });
    expect(again.body.datasourceId).toBe(body.datasourceId);
    expect((await ask('Is there a student discount?')).answer).toContain('50 %');
    expect((await ask('Can I host a websocket server?')).answer).toContain('server-sent events');
  });

  it('hides a topic and its look-alikes asked later', async () => {
    const sso = (await topics()).topics.find((candidate) => candidate.label.includes('sso'));
    if (!sso) throw new Error('no SSO topic');
    const hidden = await fixture.call('POST', '/api/insights/gaps/hide', {
      agentId: fixture.agentId,
      topicId: sso.id,
      questions: sso.questions.map((question) => question.question),
    });
    expect(hidden.body).toEqual({ topicId: sso.id, hidden: true });
    await ask('Is SAML SSO possible with Okta?');
    const page = await topics();
    expect(page.topics.some((topic) => topic.label.includes('sso'))).toBe(false);
    expect(page.hidden).toBe(1);
    expect(page.hiddenTopics).toEqual([
      expect.objectContaining({
        id: sso.id,
        count: 6,
        hidden: expect.objectContaining({ by: 'API' }),
      }),
    ]);
  });

  it('shows a hidden topic again, under its id, and refuses one that is not hidden (404)', async () => {
    const [hidden] = (await topics()).hiddenTopics;
    if (!hidden) throw new Error('no hidden topic');
    const shown = await fixture.call('POST', '/api/insights/gaps/unhide', {
      agentId: fixture.agentId,
      topicId: hidden.id,
    });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ topicId: hidden.id, hidden: false });
    const page = await topics();
    expect(page.hiddenTopics).toEqual([]);
    expect(page.topics.find((topic) => topic.id === hidden.id)).toMatchObject({ count: 6 });
    const again = await fixture.call('POST', '/api/insights/gaps/unhide', {
      agentId: fixture.agentId,
      topicId: hidden.id,
    });
    expectError(again, 404, 'NOT_FOUND', /not found/);
    expectError(
      await fixture.call('POST', '/api/insights/gaps/unhide', {
        agentId: fixture.agentId,
        topicId: hidden.id,
        from: '2030-02-01',
        to: '2030-01-01',
      }),
      400,
      'INVALID_REQUEST',
      /before/,
    );
  });
});

describe('topic ids and the grouping cache', () => {
  it('keeps each topic’s id across calls, new gaps, and a period without its first gaps', async () => {
    const before = await topics();
    const sso = before.topics.find((topic) => topic.label.includes('sso'));
    if (!sso) throw new Error('no SSO topic');
    expect((await topics()).topics.map((topic) => topic.id)).toEqual(
      before.topics.map((topic) => topic.id),
    );
    await ask('SAML SSO login with Google Workspace?');
    await ask('Do you offer a nonprofit discount for charities?');
    const after = (await topics()).topics.find((topic) => topic.id === sso.id);
    expect(after?.count).toBe(sso.count + 1);
    // A later period: the topic's first gaps are out of it, and its id is still its.
    const first = sso.questions.at(-1)?.at as string;
    const later = await topics(`&from=${new Date(Date.parse(first) + 1).toISOString()}`);
    const same = later.topics.find((topic) => topic.label.includes('sso'));
    expect(same?.count).toBeLessThan(after?.count ?? 0);
    expect(same?.id).toBe(sso.id);
  });

  it('groups again only when gaps arrive or a topic is answered, hidden or shown again', async () => {
    const cache = createGapTopicsCache<GroupedGapTopics>();
    const context = { database: fixture.service.database, gapTopicsCache: cache };
    const list = () => listGapTopics(context, fixture.organizationId, { agentId: fixture.agentId });
    const first = await list();
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1 });
    expect(await list()).toEqual({ ...first, to: expect.any(String), from: expect.any(String) });
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });

    await ask('Is there a mobile app for Android?');
    const grown = await list();
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });
    const android = grown.topics.find((topic) => topic.label.includes('android'));
    if (!android) throw new Error('no android topic');

    const hide = await fixture.call('POST', '/api/insights/gaps/hide', {
      agentId: fixture.agentId,
      topicId: android.id,
      questions: android.questions.map((question) => question.question),
    });
    expect(hide.status).toBe(200);
    expect((await list()).hiddenTopics.map((topic) => topic.id)).toContain(android.id);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 3 });

    const shown = await fixture.call('POST', '/api/insights/gaps/unhide', {
      agentId: fixture.agentId,
      topicId: android.id,
    });
    expect(shown.status).toBe(200);
    expect((await list()).topics.map((topic) => topic.id)).toContain(android.id);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 4 });

    const answered = await fixture.call('POST', '/api/insights/gaps/answer', {
      agentId: fixture.agentId,
      topicId: android.id,
      question: 'Is there a mobile app for Android?',
      answer: 'Not yet: the site works on phones.',
    });
    expect(answered.status).toBe(200);
    const after = await list();
    expect(after.topics.find((topic) => topic.id === android.id)?.answered).not.toBeNull();
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 5 });
    await list();
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 5 });
  });
});

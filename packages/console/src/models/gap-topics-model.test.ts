import type { GapTopic, GapTopicsResponse } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { createApiClient } from './api-client.js';
import { answerBodyOf, answerDraftOf } from './gap-answer-draft.js';
import { createGapTopicsModel } from './gap-topics-model.js';
import { gapTopicsSearch } from './gap-topics-requests.js';
import { trendMark } from './trend-mark.js';

const topic = (id: string, patch: Partial<GapTopic> = {}): GapTopic => ({
  id,
  label: `label ${id}`,
  typicalQuestion: `How do I ${id}?`,
  count: 2,
  previousCount: 0,
  trend: 'new',
  firstSeen: '2030-01-02T00:00:00.000Z',
  lastSeen: '2030-01-03T00:00:00.000Z',
  answered: null,
  questions: [
    {
      question: `how do i  ${id}?`,
      conversationId: `c-${id}-1`,
      messageId: `m-${id}-1`,
      at: '2030-01-03T00:00:00.000Z',
      reason: 'declined',
    },
    {
      question: `Can I ${id}?`,
      conversationId: `c-${id}-2`,
      messageId: `m-${id}-2`,
      at: '2030-01-02T00:00:00.000Z',
      reason: 'thumbs-down',
    },
  ],
  ...patch,
});

const page = (topics: GapTopic[], nextCursor: string | null = null): GapTopicsResponse => ({
  from: '2030-01-01T00:00:00.000Z',
  to: '2030-01-31T00:00:00.000Z',
  topics,
  hidden: 1,
  hiddenTopics: [
    {
      id: 'old-spam',
      label: 'old spam',
      typicalQuestion: 'Buy followers?',
      count: 3,
      hidden: { by: 'Ada', at: '2030-01-02T00:00:00.000Z' },
    },
  ],
  nextCursor,
});

const scope = { agentId: 'a', from: '2030-01-01', to: '2030-01-30' };
const firstRoute = `GET api/insights/gaps${gapTopicsSearch(scope)}`;

function setUp() {
  const server = createControlledFetch();
  const model = createGapTopicsModel(
    createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
  );
  return { server, model };
}

describe('gap topics helpers', () => {
  it('send the range with the `to` day whole, a page size and the cursor', () => {
    expect(gapTopicsSearch(scope, 'next')).toBe(
      '?agentId=a&from=2030-01-01T00%3A00%3A00.000Z&to=2030-01-31T00%3A00%3A00.000Z&limit=20&cursor=next',
    );
  });

  it('mark the trend with a glyph and words', () => {
    expect(trendMark({ trend: 'new', previousCount: 0 })).toMatchObject({ symbol: 'new' });
    expect(trendMark({ trend: 'up', previousCount: 2 })).toEqual({
      symbol: '▲',
      text: 'Growing: 2 in the previous period',
      tone: 'up',
    });
    expect(trendMark({ trend: 'down', previousCount: 5 }).symbol).toBe('▼');
    expect(trendMark({ trend: 'flat', previousCount: 3 }).text).toBe(
      'Steady: 3 in the previous period',
    );
  });

  it('prefill the editor with the typical question and the others as variants, each once', () => {
    expect(answerDraftOf(topic('reset'))).toEqual({
      topicId: 'reset',
      label: 'label reset',
      question: 'How do I reset?',
      answer: '',
      sourceUrl: '',
      variants: ['Can I reset?'],
    });
  });

  it('refuse a blank answer or a source that is not a web address, and trim what is sent', () => {
    const draft = answerDraftOf(topic('reset'));
    expect(answerBodyOf('a', draft)).toEqual({ problem: 'Write the answer.' });
    expect(answerBodyOf('a', { ...draft, answer: 'Yes.', sourceUrl: 'docs/reset' })).toEqual({
      problem: 'The source URL must start with http:// or https://.',
    });
    expect(answerBodyOf('a', { ...draft, question: ' ', answer: 'Yes.' })).toEqual({
      problem: 'Write the question the answer is for.',
    });
    expect(
      answerBodyOf('a', { ...draft, answer: 'Yes.', sourceUrl: ' https://x.test/reset ' }),
    ).toEqual({
      body: {
        agentId: 'a',
        topicId: 'reset',
        question: 'How do I reset?',
        variants: ['Can I reset?'],
        answer: 'Yes.',
        sourceUrl: 'https://x.test/reset',
      },
    });
  });
});

describe('gap topics model', () => {
  it('loads the first page, adds the next ones, keeps only the latest answer and says what failed', async () => {
    const { server, model } = setUp();
    const older = model.load({ ...scope, agentId: 'b' });
    const newer = model.load(scope);
    const oldCall = await server.next();
    const newCall = await server.take(firstRoute);
    expect(model.loading.value).toBe(true);
    newCall.respond(200, page([topic('one'), topic('two')], 'cursor-2'));
    await newer;
    oldCall.respond(200, page([topic('other')]));
    await older;
    expect(model.topics.value.map((item) => item.id)).toEqual(['one', 'two']);
    expect(model.hasMore.value).toBe(true);
    expect(model.hidden.value).toBe(1);
    expect(model.loading.value).toBe(false);

    const more = model.more();
    (await server.take(`GET api/insights/gaps${gapTopicsSearch(scope, 'cursor-2')}`)).respond(
      200,
      page([topic('two'), topic('three')]),
    );
    await more;
    expect(model.topics.value.map((item) => item.id)).toEqual(['one', 'two', 'three']);
    expect(model.hasMore.value).toBe(false);

    const failed = model.load();
    (await server.take(firstRoute)).respond(400, {
      error: { code: 'INVALID_REQUEST', message: 'from must be before to' },
    });
    await failed;
    expect(model.error.value).toBe('The gap topics could not be loaded: from must be before to');
    expect(model.topics.value).toHaveLength(3);
  });

  it('expands topics, saves an answer from the editor and shows the topic answered', async () => {
    const { server, model } = setUp();
    const loaded = model.load(scope);
    (await server.take(firstRoute)).respond(200, page([topic('reset')]));
    await loaded;
    model.toggle('reset');
    expect(model.expanded.value.has('reset')).toBe(true);
    model.toggle('reset');
    expect(model.expanded.value.has('reset')).toBe(false);

    model.write('reset');
    expect(model.draft.value?.question).toBe('How do I reset?');
    expect(await model.save()).toBe(false);
    expect(model.saveError.value).toBe('Write the answer.');
    model.edit({ answer: 'Open **Settings**, then *Reset*.' });

    const first = model.save();
    expect(model.saving.value).toBe(true);
    const call = await server.take('POST api/insights/gaps/answer');
    expect(call.body).toEqual({
      agentId: 'a',
      topicId: 'reset',
      question: 'How do I reset?',
      variants: ['Can I reset?'],
      answer: 'Open **Settings**, then *Reset*.',
    });
    call.respond(500, { error: { code: 'INTERNAL', message: 'The database is away.' } });
    expect(await first).toBe(false);
    expect(model.saveError.value).toBe('The answer was not saved: The database is away.');
    expect(model.draft.value).toBeDefined();

    const second = model.save();
    const answered = { by: 'Ada', at: '2030-01-04T00:00:00.000Z', datasourceId: 'ds' };
    (await server.take('POST api/insights/gaps/answer')).respond(200, {
      topicId: 'reset',
      datasourceId: 'ds',
      status: 'synched',
      answered,
    });
    expect(await second).toBe(true);
    expect(model.draft.value).toBeUndefined();
    expect(model.topics.value[0]?.answered).toEqual(answered);
    expect(model.notice.value).toContain('Answer saved');
  });

  it('hides a topic with its questions, and keeps it when the call fails', async () => {
    const { server, model } = setUp();
    const loaded = model.load(scope);
    (await server.take(firstRoute)).respond(200, page([topic('spam'), topic('reset')]));
    await loaded;

    const failing = model.hide('spam');
    expect(model.hiding.value).toBe('spam');
    (await server.take('POST api/insights/gaps/hide')).fail();
    expect(await failing).toBe(false);
    expect(model.hideError.value).toBe(
      '“label spam” was not hidden: The server could not be reached.',
    );
    expect(model.topics.value).toHaveLength(2);

    const hiding = model.hide('spam');
    const call = await server.take('POST api/insights/gaps/hide');
    expect(call.body).toEqual({
      agentId: 'a',
      topicId: 'spam',
      questions: ['How do I spam?', 'Can I spam?'],
    });
    call.respond(200, { topicId: 'spam', hidden: true });
    expect(await hiding).toBe(true);
    expect(model.topics.value.map((item) => item.id)).toEqual(['reset']);
    expect(model.hidden.value).toBe(2);
    expect(model.hiddenTopics.value.map((item) => item.id)).toEqual(['old-spam', 'spam']);
    expect(model.hiding.value).toBeUndefined();
  });

  it('shows a hidden topic again for the range listed, then loads the first page afresh', async () => {
    const { server, model } = setUp();
    const loaded = model.load(scope);
    (await server.take(firstRoute)).respond(200, page([topic('reset')]));
    await loaded;
    expect(model.hiddenTopics.value.map((item) => item.id)).toEqual(['old-spam']);

    const failing = model.unhide('old-spam');
    (await server.take('POST api/insights/gaps/unhide')).respond(404, {
      error: { code: 'NOT_FOUND', message: 'Hidden gap topic "old-spam" was not found.' },
    });
    expect(await failing).toBe(false);
    expect(model.hideError.value).toContain('“old spam” was not shown again');
    expect(model.hiddenTopics.value).toHaveLength(1);

    const showing = model.unhide('old-spam');
    const call = await server.take('POST api/insights/gaps/unhide');
    expect(call.body).toEqual({
      agentId: 'a',
      topicId: 'old-spam',
      from: '2030-01-01T00:00:00.000Z',
      to: '2030-01-31T00:00:00.000Z',
    });
    call.respond(200, { topicId: 'old-spam', hidden: false });
    const reload = await server.take(firstRoute);
    expect(model.hiddenTopics.value).toEqual([]);
    reload.respond(200, {
      ...page([topic('old-spam'), topic('reset')]),
      hidden: 0,
      hiddenTopics: [],
    });
    expect(await showing).toBe(true);
    expect(model.topics.value.map((item) => item.id)).toEqual(['old-spam', 'reset']);
    expect(model.hidden.value).toBe(0);
    expect(model.notice.value).toBe('“old spam” is listed again.');
  });
});

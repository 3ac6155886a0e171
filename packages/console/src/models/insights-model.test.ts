import type { ContentGap, InsightsResponse } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { createApiClient } from './api-client.js';
import { createInsightsModel, insightsSearch, lastThirtyDays } from './insights-model.js';

const gap = (index: number): ContentGap => ({
  conversationId: `c${index}`,
  messageId: `m${index}`,
  question: `Question ${index}?`,
  answer: 'I do not know.',
  reasons: ['nothing-retrieved'],
  comment: null,
  createdAt: '2030-01-01T00:00:00.000Z',
});

const insights = (gaps: ContentGap[]): InsightsResponse => ({
  from: '2030-01-01T00:00:00.000Z',
  to: '2030-01-31T00:00:00.000Z',
  days: [],
  queries: 3,
  answers: 3,
  feedback: { good: 1, bad: 1 },
  nothingRetrieved: gaps.length,
  gapCount: gaps.length,
  gaps,
});

describe('insights filters', () => {
  it('default to the last 30 days, today included, and send the `to` day whole', () => {
    expect(lastThirtyDays(Date.parse('2030-03-01T12:00:00Z'))).toEqual({
      agentId: '',
      from: '2030-01-31',
      to: '2030-03-01',
    });
    expect(insightsSearch({ agentId: 'a', from: '2030-01-31', to: '2030-03-01' })).toBe(
      '?agentId=a&from=2030-01-31T00%3A00%3A00.000Z&to=2030-03-02T00%3A00%3A00.000Z',
    );
    expect(insightsSearch({ agentId: '', from: 'yesterday', to: '' })).toBe('');
  });
});

describe('insights model', () => {
  it('loads a range, pages its gaps from the first, and keeps only the latest answer', async () => {
    const server = createControlledFetch();
    const model = createInsightsModel(
      createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
    );
    const range = { agentId: '', from: '2030-01-01', to: '2030-01-30' };
    const older = model.load(range);
    const newer = model.load({ ...range, agentId: 'a' });
    expect(model.filters.value.agentId).toBe('a');
    const oldCall = await server.next();
    const newCall = await server.next();
    expect(newCall.route).toBe(
      'GET api/insights?agentId=a&from=2030-01-01T00%3A00%3A00.000Z&to=2030-01-31T00%3A00%3A00.000Z',
    );
    newCall.respond(200, insights(Array.from({ length: 12 }, (_, index) => gap(index))));
    await newer;
    oldCall.respond(200, insights([]));
    await older;
    expect(model.loading.value).toBe(false);
    expect(model.data.value?.gapCount).toBe(12);
    expect(model.gaps.pageCount.value).toBe(2);
    model.gaps.goTo(1);

    const reload = model.load();
    (await server.take(newCall.route)).respond(200, insights([gap(1), gap(2), gap(3)]));
    await reload;
    expect(model.gaps.page.value).toBe(0);
    expect(model.gaps.pageItems.value).toHaveLength(3);

    const failed = model.load();
    (await server.take(newCall.route)).fail();
    await failed;
    expect(model.error.value).toBe(
      'The insights could not be loaded: The server could not be reached.',
    );
    expect(model.data.value?.gapCount).toBe(3);
  });
});

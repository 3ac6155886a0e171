import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { conversationFixture } from '../testing/resource-fixtures.js';
import { createApiClient } from './api-client.js';
import { apiFilters, NO_FILTERS } from './conversations-model.js';
import { createConversationsPageModel } from './conversations-page-model.js';

function setup() {
  const server = createControlledFetch();
  const page = createConversationsPageModel(
    createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
  );
  return { server, list: page.list, transcript: page.transcript };
}

describe('apiFilters', () => {
  it('keeps the filters that are set, and includes the whole `to` day', () => {
    expect(apiFilters(NO_FILTERS)).toEqual({});
    expect(
      apiFilters({
        q: '  refund ',
        agentId: 'a',
        feedback: 'bad',
        status: 'handoff',
        from: '2030-01-31',
        to: '2030-01-31',
        channel: 'slack',
        user: ' Ada ',
        attribute: ' plan:pro tier ',
      }),
    ).toEqual({
      q: 'refund',
      agentId: 'a',
      feedback: 'bad',
      status: 'handoff',
      from: '2030-01-31T00:00:00.000Z',
      to: '2030-02-01T00:00:00.000Z',
      channel: 'slack',
      user: 'Ada',
      attribute: 'plan:pro tier',
    });
    expect(apiFilters({ ...NO_FILTERS, from: '31/01/2030', to: 'soon' })).toEqual({});
    // Not key:value: left out (the form says why before it is sent).
    expect(apiFilters({ ...NO_FILTERS, attribute: 'pro' })).toEqual({});
    expect(apiFilters({ ...NO_FILTERS, attribute: '1plan:pro' })).toEqual({});
  });
});

describe('conversation list', () => {
  it('pages with the cursors the API gives, filtered, and back', async () => {
    const { server, list } = setup();
    const first = list.applyFilters({ ...NO_FILTERS, status: 'handoff' });
    expect(list.loading.value).toBe(true);
    (await server.take('GET api/conversations?status=handoff&limit=20')).respond(200, {
      conversations: [conversationFixture('c1', 'handoff')],
      nextCursor: 'cursor-2',
    });
    await first;
    expect(list.loading.value).toBe(false);
    expect(list.items.value.map((item) => item.id)).toEqual(['c1']);
    expect(list.hasNext.value).toBe(true);

    const second = list.next();
    await list.next(); // while loading: ignored
    (await server.take('GET api/conversations?status=handoff&limit=20&cursor=cursor-2')).respond(
      200,
      { conversations: [conversationFixture('c2', 'handoff')], nextCursor: null },
    );
    await second;
    expect(server.untaken()).toBe(0);
    expect(list.page.value).toBe(1);
    expect(list.hasNext.value).toBe(false);
    await list.next(); // the last page
    expect(server.untaken()).toBe(0);

    const back = list.previous();
    (await server.take('GET api/conversations?status=handoff&limit=20')).respond(200, {
      conversations: [conversationFixture('c1', 'handoff')],
      nextCursor: 'cursor-2',
    });
    await back;
    expect(list.page.value).toBe(0);
    await list.previous(); // the first page
    expect(server.untaken()).toBe(0);
  });

  it('shows the answer to the latest filters when an older one answers last, and keeps errors of the latest only', async () => {
    const { server, list } = setup();
    const older = list.applyFilters({ ...NO_FILTERS, q: 'old' });
    const newer = list.applyFilters({ ...NO_FILTERS, q: 'new' });
    const oldCall = await server.take('GET api/conversations?q=old&limit=20');
    (await server.take('GET api/conversations?q=new&limit=20')).respond(200, {
      conversations: [conversationFixture('new')],
      nextCursor: null,
    });
    await newer;
    oldCall.fail();
    await older;
    expect(list.items.value.map((item) => item.id)).toEqual(['new']);
    expect(list.listError.value).toBeUndefined();
    expect(list.loading.value).toBe(false);

    const failing = list.reload();
    (await server.take('GET api/conversations?q=new&limit=20')).respond(503);
    await failing;
    expect(list.listError.value).toBe(
      'The conversations could not be loaded: The server answered 503.',
    );
  });

  it('exports what is filtered, once at a time, and says why when it fails', async () => {
    const { server, list } = setup();
    const listed = list.applyFilters({ ...NO_FILTERS, agentId: 'a' });
    (await server.take('GET api/conversations?agentId=a&limit=20')).respond(200, {
      conversations: [],
      nextCursor: null,
    });
    await listed;
    const exporting = list.exportFile('csv');
    expect(list.exporting.value).toBe('csv');
    expect(await list.exportFile('jsonl')).toBeUndefined();
    (await server.take('GET api/conversations/export?agentId=a&format=csv')).respondText(
      200,
      'id\r\n',
    );
    const file = await exporting;
    expect(file?.name).toBe('conversations.csv');
    expect(await file?.blob.text()).toBe('id\r\n');
    expect(list.exporting.value).toBeUndefined();

    const failed = list.exportFile('jsonl');
    (await server.take('GET api/conversations/export?agentId=a&format=jsonl')).fail();
    expect(await failed).toBeUndefined();
    expect(list.exportError.value).toBe('The export failed: The server could not be reached.');
  });
});

import type { Contact } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { createApiClient } from './api-client.js';
import { createContactsModel } from './contacts-model.js';

function contact(id: string, email = `${id}@example.com`): Contact {
  return {
    id,
    agentId: 'a',
    visitorId: `visitor-${id}`,
    conversationId: null,
    email,
    name: null,
    phone: null,
    consentText: null,
    createdAt: '2030-01-31T12:00:00.000Z',
    updatedAt: '2030-01-31T12:00:00.000Z',
  };
}

function setup() {
  const server = createControlledFetch();
  const model = createContactsModel(
    createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
  );
  return { server, model };
}

describe('contacts model', () => {
  it('searches, pages with the cursors the API gives, and back', async () => {
    const { server, model } = setup();
    const first = model.applySearch({ q: '  ada ', agentId: 'a' });
    expect(model.loading.value).toBe(true);
    (await server.take('GET api/contacts?q=ada&agentId=a&limit=20')).respond(200, {
      contacts: [contact('c1')],
      nextCursor: 'cursor-2',
    });
    await first;
    expect(model.loading.value).toBe(false);
    expect(model.items.value.map((item) => item.id)).toEqual(['c1']);
    expect(model.hasNext.value).toBe(true);

    const second = model.next();
    await model.next(); // while loading: ignored
    (await server.take('GET api/contacts?q=ada&agentId=a&limit=20&cursor=cursor-2')).respond(200, {
      contacts: [contact('c2')],
      nextCursor: null,
    });
    await second;
    expect(model.page.value).toBe(1);
    expect(model.hasNext.value).toBe(false);
    await model.next(); // the last page
    expect(server.untaken()).toBe(0);

    const back = model.previous();
    (await server.take('GET api/contacts?q=ada&agentId=a&limit=20')).respond(200, {
      contacts: [contact('c1')],
      nextCursor: 'cursor-2',
    });
    await back;
    expect(model.page.value).toBe(0);

    const failing = model.reload();
    (await server.take('GET api/contacts?q=ada&agentId=a&limit=20')).respond(503);
    await failing;
    expect(model.listError.value).toBe(
      'The contacts could not be loaded: The server answered 503.',
    );
  });

  it('exports every match as CSV, once at a time, and says why when it fails', async () => {
    const { server, model } = setup();
    const listed = model.applySearch({ q: 'example.com', agentId: '' });
    (await server.take('GET api/contacts?q=example.com&limit=20')).respond(200, {
      contacts: [],
      nextCursor: null,
    });
    await listed;
    const exporting = model.exportCsv();
    expect(model.exporting.value).toBe(true);
    expect(await model.exportCsv()).toBeUndefined();
    (await server.take('GET api/contacts?q=example.com&format=csv')).respondText(200, 'id\r\n');
    const file = await exporting;
    expect(file?.name).toBe('contacts.csv');
    expect(await file?.blob.text()).toBe('id\r\n');
    expect(model.exporting.value).toBe(false);

    const failed = model.exportCsv();
    (await server.take('GET api/contacts?q=example.com&format=csv')).fail();
    expect(await failed).toBeUndefined();
    expect(model.exportError.value).toBe('The export failed: The server could not be reached.');
  });

  it('erases after confirmation, says what went with it, and reloads the page', async () => {
    const { server, model } = setup();
    const listed = model.applySearch({ q: '', agentId: '' });
    (await server.take('GET api/contacts?limit=20')).respond(200, {
      contacts: [contact('c1', 'ada@example.com'), contact('c2')],
      nextCursor: null,
    });
    await listed;
    await model.confirmErase(); // nothing to confirm
    expect(server.untaken()).toBe(0);

    model.askErase(model.items.value[0]);
    expect(model.confirmingErase.value?.id).toBe('c1');
    const failing = model.confirmErase();
    (await server.take('DELETE api/contacts/c1')).respond(500);
    await failing;
    expect(model.eraseError.value).toBe('The contact was not erased: The server answered 500.');
    expect(model.confirmingErase.value?.id).toBe('c1');

    const erasing = model.confirmErase();
    expect(model.erasing.value).toBe(true);
    await model.confirmErase(); // while erasing: ignored
    (await server.take('DELETE api/contacts/c1')).respond(200, {
      deleted: true,
      conversationsDeleted: 2,
    });
    (await server.take('GET api/contacts?limit=20')).respond(200, {
      contacts: [contact('c2')],
      nextCursor: null,
    });
    await erasing;
    expect(server.untaken()).toBe(0);
    expect(model.confirmingErase.value).toBeUndefined();
    expect(model.eraseError.value).toBeUndefined();
    expect(model.erased.value).toBe('ada@example.com was erased, with 2 conversations.');
    expect(model.items.value.map((item) => item.id)).toEqual(['c2']);

    model.askErase(model.items.value[0]);
    model.askErase(undefined);
    expect(model.confirmingErase.value).toBeUndefined();
  });
});

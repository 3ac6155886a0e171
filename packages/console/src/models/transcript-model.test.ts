import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { conversationDetailFixture, conversationFixture } from '../testing/resource-fixtures.js';
import { createApiClient } from './api-client.js';
import { createConversationsPageModel } from './conversations-page-model.js';

/** The Conversations page over a controlled server: the transcript reloads the list. */
function setup() {
  const server = createControlledFetch();
  const page = createConversationsPageModel(
    createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
  );
  return { server, list: page.list, transcript: page.transcript };
}

describe('transcript', () => {
  it('opens a conversation, and ignores an answer for one no longer open', async () => {
    const { server, transcript } = setup();
    const first = transcript.open('c1');
    const second = transcript.open('c2');
    const c1 = await server.take('GET api/conversations/c1');
    (await server.take('GET api/conversations/c2')).respond(200, conversationDetailFixture('c2'));
    await second;
    c1.respond(200, conversationDetailFixture('c1'));
    await first;
    expect(transcript.openId.value).toBe('c2');
    expect(transcript.detail.value?.id).toBe('c2');
    expect(transcript.loading.value).toBe(false);
    await transcript.open('c2'); // already open: not read again
    expect(server.untaken()).toBe(0);

    const missing = transcript.open('gone');
    (await server.take('GET api/conversations/gone')).respond(404);
    await missing;
    expect(transcript.loadError.value).toBe('The conversation could not be loaded: Not found.');
    await transcript.open(undefined);
    expect(transcript.openId.value).toBeUndefined();
    expect(transcript.loadError.value).toBeUndefined();
  });

  it('sends a reply once, then reads the conversation again and refreshes the list', async () => {
    const { server, transcript } = setup();
    const opening = transcript.open('c1');
    (await server.take('GET api/conversations/c1')).respond(200, conversationDetailFixture('c1'));
    await opening;
    expect(await transcript.reply('   ')).toBe(false);
    expect(transcript.replyError.value).toBe('Write a reply first.');

    const sending = transcript.reply(' On its way. ');
    expect(transcript.sending.value).toBe(true);
    expect(transcript.replyError.value).toBeUndefined();
    expect(await transcript.reply('again')).toBe(false);
    const reply = await server.take('POST api/conversations/c1/messages');
    expect(reply.body).toEqual({ text: 'On its way.' });
    reply.respond(201, { emailedTo: 'ada@example.org' });
    (await server.take('GET api/conversations/c1')).respond(
      200,
      conversationDetailFixture('c1', 'handoff'),
    );
    // The list reloads (its first page, no filters).
    (await server.take('GET api/conversations?limit=20')).respond(200, {
      conversations: [conversationFixture('c1', 'handoff')],
      nextCursor: null,
    });
    expect(await sending).toBe(true);
    expect(transcript.sending.value).toBe(false);
    expect(transcript.detail.value?.status).toBe('handoff');
    // The visitor left a contact: the service mails the reply too, and the console says so.
    expect(transcript.emailedTo.value).toBe('ada@example.org');

    const refused = transcript.reply('Hello?');
    expect(transcript.emailedTo.value).toBeUndefined();
    (await server.take('POST api/conversations/c1/messages')).respond(403, {
      error: { code: 'FORBIDDEN', message: 'The conversation is resolved.' },
    });
    expect(await refused).toBe(false);
    expect(transcript.replyError.value).toBe(
      'The reply was not sent: The conversation is resolved.',
    );
  });

  it('hands back, resolves and erases, each saying what did not happen', async () => {
    const { server, transcript } = setup();
    const opening = transcript.open('c1');
    (await server.take('GET api/conversations/c1')).respond(
      200,
      conversationDetailFixture('c1', 'handoff'),
    );
    await opening;

    const handBack = transcript.setStatus('open');
    expect(transcript.updatingStatus.value).toBe(true);
    await transcript.setStatus('resolved'); // while one runs: ignored
    (await server.take('POST api/conversations/update-status')).fail();
    await handBack;
    expect(server.untaken()).toBe(0);
    expect(transcript.statusError.value).toBe(
      'The conversation was not handed back: The server could not be reached.',
    );
    const resolving = transcript.setStatus('resolved');
    const update = await server.take('POST api/conversations/update-status');
    expect(update.body).toEqual({ conversationId: 'c1', status: 'resolved' });
    update.respond(500);
    await resolving;
    expect(transcript.statusError.value).toBe(
      'The conversation was not marked resolved: The server answered 500.',
    );

    transcript.askErase(true);
    const erasing = transcript.confirmErase();
    expect(transcript.erasing.value).toBe(true);
    (await server.take('DELETE api/conversations/c1')).respond(200, conversationFixture('c1'));
    (await server.take('GET api/conversations?limit=20')).respond(200, {
      conversations: [],
      nextCursor: null,
    });
    expect(await erasing).toBe(true);
    expect(transcript.confirmingErase.value).toBe(false);
    expect(transcript.openId.value).toBeUndefined();
    expect(transcript.detail.value).toBeUndefined();
    expect(await transcript.confirmErase()).toBe(false); // nothing open
  });
});

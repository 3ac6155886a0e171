import type { ContactOffer, StreamResult } from '@agent-chat/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, type FakeRequest } from '../testing/controlled-stream.js';
import { createMemoryStorage, createStorageWindow } from '../testing/memory-storage.js';
import { createChatModel } from './chat-model.js';
import { createConversationApi } from './conversation-api.js';
import { createConversationStore, storageKey } from './conversation-store.js';
import type { QueryTransport } from './query-transport.js';

const noAnswer: ContactOffer = {
  reason: 'no_answer',
  fields: { name: 'optional', phone: 'required' },
  consentText: 'We keep it for 30 days.',
};

/** A chat model whose answers the test picks and whose other calls go to a fake fetch. */
function setup(storage = createMemoryStorage()) {
  const network = createFakeFetch();
  let next: Partial<StreamResult> = {};
  const transport: QueryTransport = {
    async *sendQuery(query) {
      yield {
        type: 'finish',
        result: {
          answer: `Answer to ${query.query}`,
          sources: [],
          conversationId: 'c1_sig',
          visitorId: 'v1_token',
          ...next,
        },
      };
    },
  };
  const make = () =>
    createChatModel({
      agentId: 'demo',
      endpoint: 'https://bff.example',
      store: createConversationStore({
        agentId: 'demo',
        window: createStorageWindow({ local: storage }),
      }),
      transport,
      conversationApi: createConversationApi({
        agentId: 'demo',
        endpoint: 'https://bff.example',
        fetch: network.fetch,
      }),
      scheduleFrame: (flush) => flush(),
    });
  const answerWith = (fields: Partial<StreamResult>) => {
    next = fields;
  };
  const stored = () => storage.getItem(storageKey('demo'));
  return { chat: make(), make, network, answerWith, storage, stored };
}

async function answerContact(network: ReturnType<typeof createFakeFetch>, email: string) {
  const request: FakeRequest = await network.next();
  expect(request.url).toBe('https://bff.example/api/agents/demo/contact');
  request.json(200, { email, name: null, phone: '+1 555 0100' });
  return request;
}

describe('chat.contact', () => {
  it('offers the form after an answer that carries an offer, after that answer', async () => {
    const { chat, answerWith } = setup();
    await chat.send('Hello?');
    expect(chat.contact.phase.value).toBe('none');
    answerWith({ contactCapture: noAnswer });
    await chat.send('Do you ship to Mars?');
    expect(chat.contact.phase.value).toBe('offered');
    expect(chat.contact.offer.value).toEqual(noAnswer);
    expect(chat.contact.at.value).toBe(4);
    // Offered once: a later offer does not move it.
    await chat.send('And to Venus?');
    expect(chat.contact.at.value).toBe(4);
  });

  it('sends the details with the signed ids, confirms, and never stores what was typed', async () => {
    const { chat, make, network, answerWith, stored } = setup();
    answerWith({ contactCapture: noAnswer });
    await chat.send('Do you ship to Mars?');
    const sending = chat.contact.send({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '+1 555 0100',
    });
    const request = await answerContact(network, 'ada@example.com');
    expect(request.body).toEqual({
      visitorId: 'v1_token',
      conversationId: 'c1_sig',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '+1 555 0100',
    });
    expect(request.init.credentials).toBe('omit');
    await expect(sending).resolves.toMatchObject({ email: 'ada@example.com' });
    expect(chat.contact.phase.value).toBe('sent');
    expect(chat.contact.offer.value).toBeUndefined();
    expect(chat.contact.sentTo.value).toBe('ada@example.com');
    const saved = stored() ?? '';
    expect(JSON.parse(saved).contact).toBe('sent');
    for (const detail of ['ada@example.com', 'Ada Lovelace', '555']) {
      expect(saved).not.toContain(detail);
    }
    // Another page of the same conversation never offers it again, and knows no address.
    answerWith({ contactCapture: noAnswer });
    const later = make();
    expect(later.contact.phase.value).toBe('sent');
    expect(later.contact.sentTo.value).toBeUndefined();
    await later.send('Still there?');
    expect(later.contact.phase.value).toBe('sent');
  });

  it('keeps the form on a failure (rejecting with the server error)', async () => {
    const { chat, network, answerWith } = setup();
    answerWith({ contactCapture: noAnswer });
    await chat.send('Do you ship to Mars?');
    const sending = chat.contact.send({ email: 'ada@example.com' });
    (await network.next()).json(400, {
      error: { code: 'INVALID_REQUEST', message: 'email must be an email address' },
    });
    await expect(sending).rejects.toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(chat.contact.phase.value).toBe('offered');
  });

  it('"not now" dismisses it for the conversation; a new conversation may offer it again', async () => {
    const { chat, make, answerWith, stored } = setup();
    answerWith({ contactCapture: noAnswer });
    await chat.send('Do you ship to Mars?');
    chat.contact.dismiss();
    expect(chat.contact.phase.value).toBe('dismissed');
    expect(JSON.parse(stored() ?? '{}').contact).toBe('dismissed');
    await chat.send('And to Venus?');
    expect(chat.contact.phase.value).toBe('dismissed');
    expect(make().contact.phase.value).toBe('dismissed');
    chat.reset();
    expect(chat.contact.phase.value).toBe('none');
    await chat.send('New question');
    expect(chat.contact.phase.value).toBe('offered');
  });

  it('offers it when a handoff response carries an offer', async () => {
    const { chat, network, answerWith } = setup();
    answerWith({ handoffEnabled: true });
    await chat.send('I need a person');
    const asking = chat.handoff.request();
    const request = await network.next();
    expect(request.url).toBe('https://bff.example/api/agents/demo/handoff');
    request.json(200, { status: 'handoff', contactCapture: { ...noAnswer, reason: 'handoff' } });
    await asking;
    expect(chat.contact.offer.value?.reason).toBe('handoff');
    // After the question, its answer and the handoff notice.
    expect(chat.contact.at.value).toBe(3);
  });

  it('asks for the settings once per page and offers the form before the first question', async () => {
    const { chat, network, stored } = setup();
    chat.contact.opened();
    chat.contact.opened();
    const request = await network.next();
    expect([request.url, request.init.method]).toEqual([
      'https://bff.example/api/agents/demo/contact-capture',
      undefined,
    ]);
    request.json(200, {
      enabled: true,
      triggers: ['first_question'],
      fields: { name: 'off', phone: 'off' },
      consentText: null,
    });
    await vi.waitFor(() => expect(chat.contact.phase.value).toBe('offered'));
    expect(chat.contact.offer.value).toEqual({
      reason: 'first_question',
      fields: { name: 'off', phone: 'off' },
      consentText: null,
    });
    expect(chat.contact.at.value).toBe(0);
    expect(network.requests).toHaveLength(1);
    // Nothing is written before the first message.
    expect(stored()).toBeNull();

    // No visitor id yet: the details wait for the first answer, which brings one.
    const sending = chat.contact.send({ email: 'ada@example.com' });
    expect(chat.contact.waiting.value).toBe(true);
    await chat.send('Hello?');
    expect(chat.contact.waiting.value).toBe(false);
    const contact = await answerContact(network, 'ada@example.com');
    expect(contact.body).toMatchObject({ visitorId: 'v1_token', conversationId: 'c1_sig' });
    await sending;
    expect(chat.contact.phase.value).toBe('sent');

    // A new conversation: offered before its first question again, without asking again.
    chat.reset();
    await vi.waitFor(() => expect(chat.contact.phase.value).toBe('offered'));
    expect(network.requests).toHaveLength(2);
  });

  it('skip() withdraws the form and offers it no more: a signed-in user whose email the site gave', async () => {
    const { chat, network } = setup();
    chat.contact.opened();
    (await network.next()).json(200, {
      enabled: true,
      triggers: ['first_question', 'no_answer'],
      fields: { name: 'off', phone: 'off' },
      consentText: null,
    });
    await vi.waitFor(() => expect(chat.contact.phase.value).toBe('offered'));
    chat.contact.skip();
    expect([chat.contact.phase.value, chat.contact.offer.value]).toEqual(['none', undefined]);
    chat.reset();
    await chat.send('Hello?');
    await Promise.resolve();
    expect(chat.contact.phase.value).toBe('none');
  });

  it('offers nothing before the first question when the agent does not ask, or the settings fail', async () => {
    for (const answer of [
      (request: FakeRequest) =>
        request.json(200, {
          enabled: true,
          triggers: ['handoff'],
          fields: { name: 'off', phone: 'off' },
          consentText: null,
        }),
      (request: FakeRequest) =>
        request.json(404, { error: { code: 'NOT_FOUND', message: 'No such route.' } }),
      (request: FakeRequest) => request.reject(),
    ]) {
      const { chat, network } = setup();
      chat.contact.opened();
      answer(await network.next());
      await chat.send('Hello?');
      expect(chat.contact.phase.value).toBe('none');
    }
  });
});

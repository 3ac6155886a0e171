import type { StreamResult } from '@agent-chat/protocol';
import { signal } from '@preact/signals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, type FakeRequest } from '../testing/controlled-stream.js';
import { createMemoryStorage, createStorageWindow } from '../testing/memory-storage.js';
import { createChatModel } from './chat-model.js';
import { createConversationApi } from './conversation-api.js';
import { createConversationStore, storageKey } from './conversation-store.js';
import type { QueryTransport } from './query-transport.js';

/** A chat model whose answers the test picks and whose handoff calls go to a fake fetch. */
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
          messageId: `a-${query.query}`,
          ...next,
        },
      };
    },
  };
  const onError = vi.fn();
  const store = createConversationStore({
    agentId: 'demo',
    window: createStorageWindow({ local: storage }),
  });
  const chat = createChatModel({
    agentId: 'demo',
    endpoint: 'https://bff.example',
    store,
    transport,
    conversationApi: createConversationApi({
      agentId: 'demo',
      endpoint: 'https://bff.example',
      fetch: network.fetch,
    }),
    scheduleFrame: (flush) => flush(),
    onError,
  });
  const answerWith = (fields: Partial<StreamResult>) => {
    next = fields;
  };
  const saved = () => JSON.parse(storage.getItem(storageKey('demo')) ?? 'null');
  return { chat, network, answerWith, onError, storage, saved };
}

const roles = (chat: ReturnType<typeof setup>['chat']) =>
  chat.messages.value.map((message) =>
    message.role === 'notice' ? `notice:${message.notice}` : `${message.role}:${message.text}`,
  );

async function answerPoll(network: ReturnType<typeof createFakeFetch>, body: unknown) {
  const request: FakeRequest = await network.next();
  expect(request.url).toBe('https://bff.example/api/agents/demo/messages');
  request.json(200, body);
  return request;
}

const operator = (id: string, text: string) => ({
  id,
  role: 'operator',
  text,
  createdAt: '2026-01-01T00:00:00Z',
  sources: [],
  eval: null,
  comment: null,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('chat.handoff', () => {
  it('follows what answers say: offered or not, and the status', async () => {
    const { chat, answerWith, saved } = setup();
    expect(chat.handoff.enabled.value).toBe(false);
    answerWith({ handoffEnabled: true, status: 'open' });
    await chat.send('hello');
    expect(chat.handoff.enabled.value).toBe(true);
    expect(saved()).toMatchObject({ handoffEnabled: true });
    answerWith({ handoffEnabled: false });
    await chat.send('again');
    expect(chat.handoff.enabled.value).toBe(false);
    // An operator took the conversation over: the acknowledgement says so.
    answerWith({ handoffEnabled: true, status: 'handoff' });
    await chat.send('anyone?');
    expect(chat.handoff.status.value).toBe('handoff');
    // Handed back while the panel was closed: the notice goes before the question.
    answerWith({ handoffEnabled: true, status: 'open' });
    await chat.send('back?');
    expect(roles(chat).slice(-3)).toEqual([
      'notice:handbackNotice',
      'user:back?',
      'assistant:Answer to back?',
    ]);
    chat.reset();
    expect(chat.handoff.enabled.value).toBe(false);
  });

  it('asks for a person with the signed ids, shows the notice and persists the status', async () => {
    const { chat, network, answerWith, saved, storage } = setup();
    answerWith({ handoffEnabled: true });
    await chat.send('hello');
    const asked = chat.handoff.request();
    const request = await network.next();
    expect(request.url).toBe('https://bff.example/api/agents/demo/handoff');
    expect(request.body).toEqual({ visitorId: 'v1_token', conversationId: 'c1_sig' });
    expect(request.init.credentials).toBe('omit');
    expect(chat.handoff.pending.value).toBe(true);
    request.json(200, { status: 'handoff' });
    await asked;
    expect(chat.handoff.pending.value).toBe(false);
    expect(chat.handoff.status.value).toBe('handoff');
    expect(roles(chat).at(-1)).toBe('notice:handoffNotice');
    expect(saved()).toMatchObject({ status: 'handoff' });
    // A page load restores it.
    expect(setup(storage).chat.handoff.status.value).toBe('handoff');
    // Asking again while a person answers sends nothing.
    await chat.handoff.request();
    expect(network.requests).toHaveLength(1);
  });

  it('withdraws the offer on HANDOFF_DISABLED and says that no one is available', async () => {
    const { chat, network, answerWith, onError } = setup();
    answerWith({ handoffEnabled: true });
    await chat.send('hello');
    const asked = chat.handoff.request();
    (await network.next()).json(403, {
      error: { code: 'HANDOFF_DISABLED', message: 'No person here.' },
    });
    await asked;
    expect(chat.handoff.enabled.value).toBe(false);
    expect(chat.handoff.status.value).toBe('open');
    expect(roles(chat).at(-1)).toBe('notice:errorHandoff');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'HANDOFF_DISABLED', status: 403 }),
    );
  });

  it('polls for replies after the last one seen, shows each reply once, and follows a hand-back', async () => {
    const { chat, network, answerWith, saved } = setup();
    answerWith({ handoffEnabled: true, status: 'handoff' });
    await chat.send('hello');
    const first = chat.handoff.poll();
    const request = await answerPoll(network, {
      status: 'handoff',
      messages: [
        { ...operator('u1_sig', 'hello'), role: 'user' },
        { ...operator('a1_sig', 'A person will reply here.'), role: 'assistant' },
        operator('o1_sig', 'Hi, Sam here. <img src=x onerror=alert(1)>'),
      ],
    });
    await first;
    expect(request.body).toEqual({ visitorId: 'v1_token', conversationId: 'c1_sig' });
    expect(roles(chat).at(-1)).toBe('operator:Hi, Sam here. <img src=x onerror=alert(1)>');
    expect(saved()).toMatchObject({ pollAfter: 'o1_sig' });

    const second = chat.handoff.poll();
    const again = await answerPoll(network, {
      status: 'handoff',
      messages: [
        operator('o1_sig', 'Hi, Sam here.'),
        operator('o2_sig', 'Your order ships today.'),
      ],
    });
    await second;
    expect(again.body).toMatchObject({ after: 'o1_sig' });
    expect(chat.messages.value.filter((message) => message.role === 'operator')).toHaveLength(2);

    const third = chat.handoff.poll();
    await answerPoll(network, { status: 'open', messages: [] });
    await third;
    expect(chat.handoff.status.value).toBe('open');
    expect(roles(chat).at(-1)).toBe('notice:handbackNotice');
  });

  it('leaves handoff quietly when the conversation is gone (404), and rejects other failures', async () => {
    const { chat, network, answerWith } = setup();
    answerWith({ handoffEnabled: true, status: 'handoff' });
    await chat.send('hello');
    const failing = chat.handoff.poll();
    (await network.next()).json(502, { error: { code: 'UPSTREAM_ERROR', message: 'down' } });
    await expect(failing).rejects.toMatchObject({ code: 'UPSTREAM_ERROR', status: 502 });
    expect(chat.handoff.status.value).toBe('handoff');
    const gone = chat.handoff.poll();
    (await network.next()).json(404, { error: { code: 'NOT_FOUND', message: 'expired' } });
    await gone;
    expect(chat.handoff.status.value).toBe('open');
    // No person can answer a conversation that is gone: the offer (and polling) ends.
    expect(chat.handoff.enabled.value).toBe(false);
    expect(roles(chat).at(-1)).toBe('assistant:Answer to hello');
  });

  it('follow() polls at once while active and in handoff, every interval, backs off on errors, stops when inactive', async () => {
    vi.useFakeTimers();
    const { chat, network, answerWith } = setup();
    answerWith({ handoffEnabled: true, status: 'handoff' });
    await chat.send('hello');
    const active = signal(false);
    const stop = chat.handoff.follow(active);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(network.requests).toHaveLength(0);

    active.value = true;
    await vi.advanceTimersByTimeAsync(10);
    expect(network.requests).toHaveLength(1);
    network.requests[0]?.json(200, { status: 'handoff', messages: [] });
    await vi.advanceTimersByTimeAsync(1_249);
    expect(network.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(network.requests).toHaveLength(2);
    // Never two at once: an unanswered poll holds the next one back.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(network.requests).toHaveLength(2);
    // Failures double the wait: 2.5 s, then 5 s.
    network.requests[1]?.reject();
    await vi.advanceTimersByTimeAsync(2_400);
    expect(network.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(network.requests).toHaveLength(3);
    network.requests[2]?.json(500, {});
    await vi.advanceTimersByTimeAsync(4_900);
    expect(network.requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(200);
    expect(network.requests).toHaveLength(4);
    network.requests[3]?.json(200, { status: 'handoff', messages: [] });
    await vi.advanceTimersByTimeAsync(1_300);
    expect(network.requests).toHaveLength(5);

    // Closed or hidden: no more polls; open again: one at once.
    network.requests[4]?.json(200, { status: 'handoff', messages: [] });
    await vi.advanceTimersByTimeAsync(10);
    active.value = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(network.requests).toHaveLength(5);
    active.value = true;
    await vi.advanceTimersByTimeAsync(10);
    expect(network.requests).toHaveLength(6);
    // Handed back: the slower cadence of an open conversation.
    network.requests[5]?.json(200, { status: 'open', messages: [] });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(network.requests).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(200);
    expect(network.requests).toHaveLength(7);
    stop();
    network.requests[6]?.json(200, { status: 'open', messages: [] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(network.requests).toHaveLength(7);
  });

  it('follow() polls an open conversation only when a person is offered: at once, every 5 s, fast once an operator takes it over', async () => {
    vi.useFakeTimers();
    const { chat, network, answerWith } = setup();
    const active = signal(true);
    // No conversation yet, then one whose agent offers no person: nothing to poll.
    const stopFirst = chat.handoff.follow(active);
    await vi.advanceTimersByTimeAsync(20_000);
    answerWith({ handoffEnabled: false, status: 'open' });
    await chat.send('hello');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(network.requests).toHaveLength(0);
    stopFirst();

    answerWith({ handoffEnabled: true, status: 'open' });
    await chat.send('again');
    active.value = false;
    const stop = chat.handoff.follow(active);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(network.requests).toHaveLength(0);
    // The panel opens: one poll at once, then every 5 s.
    active.value = true;
    await vi.advanceTimersByTimeAsync(10);
    expect(network.requests).toHaveLength(1);
    expect(network.requests[0]?.url).toBe('https://bff.example/api/agents/demo/messages');
    network.requests[0]?.json(200, {
      status: 'open',
      messages: [{ ...operator('a1_sig', 'Answer to again'), role: 'assistant' }],
    });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(network.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(network.requests).toHaveLength(2);
    expect(network.requests[1]?.body).toMatchObject({ after: 'a1_sig' });
    // A failure doubles the slower wait too: 10 s.
    network.requests[1]?.reject();
    await vi.advanceTimersByTimeAsync(9_900);
    expect(network.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(network.requests).toHaveLength(3);
    // An operator replied from the console: the reply shows, then the fast cadence.
    network.requests[2]?.json(200, {
      status: 'handoff',
      messages: [operator('o1_sig', 'Hi, Sam from support here.')],
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(chat.handoff.status.value).toBe('handoff');
    expect(roles(chat).at(-1)).toBe('operator:Hi, Sam from support here.');
    await vi.advanceTimersByTimeAsync(1_300);
    expect(network.requests).toHaveLength(4);
    // The conversation is gone (404): no more polls.
    network.requests[3]?.json(404, { error: { code: 'NOT_FOUND', message: 'expired' } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(network.requests).toHaveLength(4);
    stop();
  });

  it('follow() starts polling at once when the first answer offers a person while the panel is open', async () => {
    vi.useFakeTimers();
    const { chat, network, answerWith } = setup();
    const stop = chat.handoff.follow(signal(true));
    answerWith({ handoffEnabled: true, status: 'open' });
    await chat.send('hello');
    await vi.advanceTimersByTimeAsync(10);
    expect(network.requests).toHaveLength(1);
    // A new conversation withdraws the offer until its first answer: polling stops.
    chat.reset();
    network.requests[0]?.json(200, { status: 'open', messages: [] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(network.requests).toHaveLength(1);
    stop();
  });
});

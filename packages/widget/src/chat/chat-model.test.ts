import { createSseEncoder, type Source } from '@agent-chat/protocol';
import { describe, expect, it, vi } from 'vitest';
import { resolveStrings } from '../i18n/resolve-strings.js';
import { createFakeFetch } from '../testing/controlled-stream.js';
import {
  createMemoryStorage,
  createStorageWindow,
  storageEvent,
} from '../testing/memory-storage.js';
import { type ChatModelOptions, createChatModel } from './chat-model.js';
import { createConversationStore, storageKey } from './conversation-store.js';
import { describeError } from './describe-error.js';
import type { QueryEvent, QueryTransport } from './query-transport.js';

const encoder = createSseEncoder();
const answer = (text: string): string => encoder.encode({ type: 'answer', text });
const done = (fields: Record<string, unknown>): string =>
  encoder.encode({ type: 'endpoint_response', json: JSON.stringify(fields) }) +
  encoder.encode({ type: 'done' });
const source = (id: string, name: string): Source => ({
  chunk_id: `${id}-chunk`,
  datasource_id: id,
  datasource_name: name,
  datasource_type: 'text',
  source_url: `https://docs.example/${id}`,
  mime_type: 'text/plain',
  score: 0.9,
});
const strings = resolveStrings('en');

function setup(overrides: Partial<ChatModelOptions> = {}) {
  const network = createFakeFetch();
  const local = createMemoryStorage();
  const window = createStorageWindow({ local });
  let clock = 1_700_000_000_000;
  const now = (): number => clock++;
  const store = createConversationStore({ agentId: 'demo', window, now });
  const frames: (() => void)[] = [];
  const events = { message: vi.fn(), answer: vi.fn(), error: vi.fn() };
  const chat = createChatModel({
    agentId: 'demo',
    endpoint: 'https://bff.example',
    store,
    fetch: network.fetch,
    now,
    scheduleFrame: (flush) => frames.push(flush),
    onMessage: events.message,
    onAnswer: events.answer,
    onError: events.error,
    ...overrides,
  });
  const runFrames = (): void => {
    for (const flush of frames.splice(0)) flush();
  };
  return { chat, network, local, window, store, frames, runFrames, events, now };
}

describe('createChatModel', () => {
  it('streams fragments as they arrive, batched per frame, and finishes with sources', async () => {
    const { chat, network, frames, runFrames, events } = setup();
    const sending = chat.send('  Where is the office?  ');
    const request = await network.next();
    expect(request.url).toBe('https://bff.example/api/agents/demo/query');
    expect(request.init.method).toBe('POST');
    expect(request.body).toEqual({ query: 'Where is the office?', streaming: true });
    expect(chat.status.value).toBe('submitted');
    expect(events.message).toHaveBeenCalledWith({ text: 'Where is the office?' });

    const stream = request.stream();
    stream.push(answer('The office'));
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    expect(chat.status.value).toBe('streaming');
    expect(chat.messages.value[1]?.text).toBe('');
    runFrames();
    expect(chat.messages.value[1]).toMatchObject({ text: 'The office', state: 'streaming' });

    // Two fragments before the next frame: one flush renders both.
    stream.push(answer(' is in'));
    stream.push(answer(' Paris.'));
    await stream.consumed();
    expect(frames).toHaveLength(1);
    runFrames();
    expect(chat.messages.value[1]?.text).toBe('The office is in Paris.');

    const sources = [source('a', 'Guide'), source('b', 'FAQ')];
    stream.push(done({ conversationId: 'c1', visitorId: 'v1', messageId: 'm1', sources }));
    await sending;
    expect(chat.status.value).toBe('idle');
    expect(chat.messages.value[1]).toMatchObject({
      role: 'assistant',
      text: 'The office is in Paris.',
      state: 'done',
      sources,
    });
    expect(events.answer).toHaveBeenCalledWith({
      text: 'The office is in Paris.',
      sources,
      conversationId: 'c1',
      messageId: 'm1',
    });

    const second = chat.send('And on Sundays?');
    const next = await network.next();
    expect(next.body).toEqual({
      query: 'And on Sundays?',
      streaming: true,
      conversationId: 'c1',
      visitorId: 'v1',
    });
    next.stream().push(answer('Closed.') + done({ conversationId: 'c1', sources: [] }));
    await second;
    expect(chat.messages.value.map((message) => message.text)).toEqual([
      'Where is the office?',
      'The office is in Paris.',
      'And on Sundays?',
      'Closed.',
    ]);
  });

  it('decodes a stream split inside a multi-byte character and inside a frame', async () => {
    const { chat, network } = setup();
    const sending = chat.send('Café?');
    const stream = (await network.next()).stream();
    const bytes = new TextEncoder().encode(answer('Café crème') + done({ sources: [] }));
    const cut = new TextEncoder().encode('event: answer\ndata: Caf').length + 1; // inside "é"
    stream.push(bytes.slice(0, cut));
    stream.push(bytes.slice(cut, cut + 7));
    stream.push(bytes.slice(cut + 7));
    await sending;
    expect(chat.messages.value[1]?.text).toBe('Café crème');
  });

  it('keeps the partial answer when the stream reports an error, and retries on request', async () => {
    const { chat, network, events } = setup();
    const sending = chat.send('Tell me everything');
    const stream = (await network.next()).stream();
    stream.push(answer('Part one, '));
    stream.push(
      encoder.encode({ type: 'error', code: 'UPSTREAM_ERROR', message: 'The model failed.' }),
    );
    await sending;
    expect(chat.status.value).toBe('error');
    expect(chat.messages.value[1]).toMatchObject({
      text: 'Part one, ',
      state: 'error',
      error: { code: 'UPSTREAM_ERROR' },
    });
    expect(events.error).toHaveBeenCalledWith({
      code: 'UPSTREAM_ERROR',
      message: 'The model failed.',
    });
    expect(network.requests).toHaveLength(1); // never re-sent by itself

    const retrying = chat.retry();
    const again = await network.next();
    expect(again.body.query).toBe('Tell me everything');
    again.stream().push(answer('All of it.') + done({ sources: [] }));
    await retrying;
    expect(chat.status.value).toBe('idle');
    expect(chat.messages.value.map((message) => message.text)).toEqual([
      'Tell me everything',
      'All of it.',
    ]);
  });

  it('reports a truncated stream as interrupted and keeps what arrived', async () => {
    const { chat, network } = setup();
    const sending = chat.send('Hello');
    const stream = (await network.next()).stream();
    stream.push(answer('Hello th'));
    stream.close();
    await sending;
    expect(chat.messages.value[1]).toMatchObject({
      text: 'Hello th',
      state: 'error',
      error: { code: 'STREAM_INTERRUPTED' },
    });
    expect(describeError(chat.error.value!, strings)).toBe('The answer was interrupted.');
  });

  it('explains 402 as the usage limit', async () => {
    const { chat, network, events } = setup();
    const sending = chat.send('Hi');
    (await network.next()).json(402, {
      error: { code: 'USAGE_LIMIT', message: 'The usage limit of this agent has been reached.' },
    });
    await sending;
    expect(chat.error.value).toMatchObject({ code: 'USAGE_LIMIT', status: 402 });
    expect(chat.messages.value[1]).toMatchObject({ text: '', state: 'error' });
    expect(describeError(chat.error.value!, strings)).toBe(strings.errorUsageLimit);
    expect(events.error).toHaveBeenCalledTimes(1);
  });

  it('explains a usage limit reported inside the stream (HTTP 200, then [ERROR]USAGE_LIMIT)', async () => {
    const { chat, network, events } = setup();
    const sending = chat.send('Hi');
    const stream = (await network.next()).stream();
    stream.push(encoder.encode({ type: 'error', code: 'USAGE_LIMIT', message: 'Quota used up.' }));
    await sending;
    expect(chat.error.value).toMatchObject({ code: 'USAGE_LIMIT' });
    expect(describeError(chat.error.value!, strings)).toBe(strings.errorUsageLimit);
    expect(events.error).toHaveBeenCalledWith({ code: 'USAGE_LIMIT', message: 'Quota used up.' });
  });

  it('explains 429 with the wait from Retry-After', async () => {
    const { chat, network } = setup();
    const sending = chat.send('Hi');
    (await network.next()).json(
      429,
      { error: { code: 'RATE_LIMITED', message: 'Slow down.' } },
      { 'Retry-After': '30' },
    );
    await sending;
    expect(chat.error.value).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 30 });
    expect(describeError(chat.error.value!, strings)).toBe(
      'Too many messages. Please wait 30 seconds, then try again.',
    );
  });

  it('classifies an error page that is not JSON by its status', async () => {
    const { chat, network } = setup();
    const sending = chat.send('Hi');
    const request = await network.next();
    request.json(502, '<html>Bad gateway</html>');
    await sending;
    expect(chat.error.value).toMatchObject({ code: 'UPSTREAM_ERROR', status: 502 });
    expect(describeError(chat.error.value!, strings)).toBe(strings.errorServer);
  });

  it('treats a 200 that is neither a stream nor an answer as a server error', async () => {
    const { chat, network, events } = setup();
    let sending = chat.send('Hi');
    (await network.next()).text(200, '<!doctype html><title>Welcome to nginx</title>');
    await sending;
    expect(chat.error.value).toMatchObject({ code: 'UPSTREAM_ERROR', status: 200 });
    expect(describeError(chat.error.value!, strings)).toBe(strings.errorServer);
    expect(chat.messages.value[1]).toMatchObject({ text: '', state: 'error' });
    sending = chat.retry();
    (await network.next()).json(200, { ok: true });
    await sending;
    expect(chat.error.value).toMatchObject({ code: 'UPSTREAM_ERROR', status: 200 });
    expect(events.answer).not.toHaveBeenCalled();
    expect(events.error).toHaveBeenCalledTimes(2);
  });

  it('tells offline from an unreachable server', async () => {
    let online = true;
    const { chat, network } = setup({ isOnline: () => online });
    let sending = chat.send('Hi');
    (await network.next()).reject();
    await sending;
    expect(chat.error.value?.code).toBe('NETWORK');
    expect(describeError(chat.error.value!, strings)).toBe(strings.errorNetwork);

    online = false;
    sending = chat.retry();
    (await network.next()).reject();
    await sending;
    expect(chat.error.value?.code).toBe('OFFLINE');
    expect(describeError(chat.error.value!, strings)).toBe(strings.errorOffline);
  });

  it('stops an answer in progress, keeping the partial text, without an error', async () => {
    const { chat, network, events } = setup();
    const sending = chat.send('Write a long essay');
    const request = await network.next();
    const stream = request.stream();
    stream.push(answer('Once upon a time'));
    await vi.waitFor(() => expect(chat.status.value).toBe('streaming'));
    chat.stop();
    await sending;
    expect(request.init.signal?.aborted).toBe(true);
    expect(chat.status.value).toBe('idle');
    expect(chat.messages.value[1]).toMatchObject({ text: 'Once upon a time', state: 'stopped' });
    expect(events.error).not.toHaveBeenCalled();
  });

  it('ignores blank messages and messages sent while an answer is in progress', async () => {
    const { chat, network } = setup();
    await chat.send('   ');
    expect(network.requests).toHaveLength(0);
    const sending = chat.send('First');
    await chat.send('Second');
    const request = await network.next();
    request.stream().push(answer('Ok') + done({ sources: [] }));
    await sending;
    expect(network.requests).toHaveLength(1);
  });

  it('writes nothing before the first message, then persists ids and messages', async () => {
    const { chat, network, local, window, now } = setup();
    expect(local.length).toBe(0);
    const sending = chat.send('Remember me');
    expect(JSON.parse(local.getItem(storageKey('demo'))!).messages).toHaveLength(2);
    (await network.next())
      .stream()
      .push(answer('Noted.') + done({ conversationId: 'c9', visitorId: 'v9', sources: [] }));
    await sending;
    const saved = JSON.parse(local.getItem(storageKey('demo'))!);
    expect(saved).toMatchObject({ conversationId: 'c9', visitorId: 'v9' });

    const restored = createChatModel({
      agentId: 'demo',
      endpoint: 'https://bff.example',
      store: createConversationStore({ agentId: 'demo', window, now }),
      fetch: network.fetch,
      now,
    });
    expect(restored.messages.value.map((message) => message.text)).toEqual([
      'Remember me',
      'Noted.',
    ]);
    const next = restored.send('Again');
    expect((await network.next()).body).toMatchObject({ conversationId: 'c9', visitorId: 'v9' });
    restored.stop();
    await next;
  });

  it('starts a new conversation on reset, keeping the visitor id', async () => {
    const { chat, network, local } = setup();
    const sending = chat.send('Hi');
    (await network.next())
      .stream()
      .push(answer('Hello') + done({ conversationId: 'c1', visitorId: 'v1', sources: [] }));
    await sending;
    chat.reset();
    expect(chat.messages.value).toEqual([]);
    expect(JSON.parse(local.getItem(storageKey('demo'))!)).toMatchObject({
      visitorId: 'v1',
      messages: [],
    });
    const next = chat.send('New topic');
    const request = await network.next();
    expect(request.body).toEqual({ query: 'New topic', streaming: true, visitorId: 'v1' });
    chat.stop();
    await next;
  });

  it('lets a question sent right after reset() run, untouched by the aborted answer', async () => {
    const { chat, network, events, runFrames } = setup();
    const sending = chat.send('Old topic');
    const old = await network.next();
    const oldStream = old.stream();
    oldStream.push(answer('Old partial'));
    await vi.waitFor(() => expect(chat.status.value).toBe('streaming'));
    runFrames();
    chat.reset();
    const next = chat.send('New topic');
    await sending;
    expect(old.init.signal?.aborted).toBe(true);
    expect(chat.status.value).toBe('submitted');
    expect(chat.messages.value).toMatchObject([
      { role: 'user', text: 'New topic' },
      { role: 'assistant', text: '', state: 'streaming' },
    ]);
    const request = await network.next();
    expect(request.body.query).toBe('New topic');
    request.stream().push(answer('Fresh.') + done({ sources: [] }));
    await next;
    expect(chat.messages.value.map((message) => [message.text, message.state])).toEqual([
      ['New topic', undefined],
      ['Fresh.', 'done'],
    ]);
    expect(events.answer).toHaveBeenCalledTimes(1);
    expect(events.error).not.toHaveBeenCalled();
  });

  it('follows another tab writing the same conversation', () => {
    const { chat, local, window } = setup();
    const other = {
      conversationId: 'c2',
      messages: [
        { id: 'x1', role: 'user', text: 'From the other tab' },
        { id: 'x2', role: 'assistant', text: 'Synced', state: 'done' },
      ],
      updatedAt: 1_700_000_000_000,
    };
    window.dispatchEvent(storageEvent(local, storageKey('demo'), JSON.stringify(other)));
    expect(chat.messages.value.map((message) => message.text)).toEqual([
      'From the other tab',
      'Synced',
    ]);
    window.dispatchEvent(storageEvent(local, storageKey('other-agent'), JSON.stringify(other)));
    window.dispatchEvent(storageEvent(local, storageKey('demo'), null));
    expect(chat.messages.value).toEqual([]);
    chat.destroy();
    window.dispatchEvent(storageEvent(local, storageKey('demo'), JSON.stringify(other)));
    expect(chat.messages.value).toEqual([]);
  });

  it('forgets the visitor when another tab clears the conversation (a sign-out there)', async () => {
    const { chat, local, window, network } = setup();
    const signedIn = { visitorId: 'u1_token', messages: [], updatedAt: 1_700_000_000_000 };
    window.dispatchEvent(storageEvent(local, storageKey('demo'), JSON.stringify(signedIn)));
    window.dispatchEvent(storageEvent(local, storageKey('demo'), null));
    const sending = chat.send('Who am I?');
    const request = await network.next();
    expect(request.body).toEqual({ query: 'Who am I?', streaming: true });
    request.json(402, { error: { code: 'USAGE_LIMIT', message: 'Limit.' } });
    await sending;
  });
});

describe('createChatModel restoring', () => {
  it('shows an answer that was still streaming when its page closed as stopped', () => {
    const local = createMemoryStorage();
    const window = createStorageWindow({ local });
    local.setItem(
      storageKey('demo'),
      JSON.stringify({
        updatedAt: Date.now(),
        messages: [
          { id: 'u', role: 'user', text: 'Question' },
          { id: 'a', role: 'assistant', text: 'Half an', state: 'streaming' },
        ],
      }),
    );
    const chat = createChatModel({
      agentId: 'demo',
      endpoint: 'https://bff.example',
      store: createConversationStore({ agentId: 'demo', window }),
    });
    expect(chat.messages.value[1]).toMatchObject({ text: 'Half an', state: 'stopped' });
    expect(chat.status.value).toBe('idle');
  });

  it('accepts a JSON answer when the server does not stream', async () => {
    const network = createFakeFetch();
    const chat = createChatModel({
      agentId: 'demo',
      endpoint: 'https://bff.example',
      store: createConversationStore({ agentId: 'demo', storage: 'none' }),
      fetch: network.fetch,
    });
    const sending = chat.send('Hi');
    (await network.next()).json(200, {
      answer: 'Hello from JSON',
      conversationId: 'c',
      visitorId: 'v',
      sources: [],
    });
    await sending;
    expect(chat.messages.value[1]).toMatchObject({ text: 'Hello from JSON', state: 'done' });
  });
});

describe('createChatModel with an injected transport', () => {
  it('folds the transport events into messages, knowing nothing about HTTP', async () => {
    const queries: unknown[] = [];
    let events: QueryEvent[] = [
      { type: 'start' },
      { type: 'text', delta: 'Bon' },
      { type: 'text', delta: 'jour' },
      { type: 'finish', result: { answer: 'Bonjour', sources: [], conversationId: 'c7' } },
    ];
    const transport: QueryTransport = {
      async *sendQuery(query) {
        queries.push(query);
        yield* events;
      },
    };
    const onAnswer = vi.fn();
    const chat = createChatModel({
      agentId: 'demo',
      endpoint: 'https://unused.example',
      store: createConversationStore({ agentId: 'demo', storage: 'none' }),
      transport,
      scheduleFrame: (flush) => flush(),
      onAnswer,
    });
    await chat.send('Salut');
    expect(chat.messages.value[1]).toMatchObject({ text: 'Bonjour', state: 'done' });
    expect(onAnswer).toHaveBeenCalledWith({ text: 'Bonjour', sources: [], conversationId: 'c7' });

    events = [{ type: 'start' }, { type: 'text', delta: 'Par' }];
    await chat.send('Encore');
    expect(queries).toEqual([{ query: 'Salut' }, { query: 'Encore', conversationId: 'c7' }]);
    expect(chat.messages.value[3]).toMatchObject({
      text: 'Par',
      state: 'error',
      error: { code: 'STREAM_INTERRUPTED' },
    });
  });

  it('votes on an answer by its server id, changes and clears the vote, and takes back a refused one', async () => {
    const transport: QueryTransport = {
      async *sendQuery() {
        yield { type: 'start' };
        yield {
          type: 'finish',
          result: {
            answer: 'Open 9 to 5.',
            sources: [],
            visitorId: 'token-1',
            messageId: 'm1_sig',
          },
        };
      },
    };
    const sent: unknown[] = [];
    let refuse = false;
    const onError = vi.fn();
    const chat = createChatModel({
      agentId: 'demo',
      endpoint: 'https://unused.example',
      store: createConversationStore({ agentId: 'demo', storage: 'none' }),
      transport,
      conversationApi: {
        async feedback(body) {
          sent.push(body);
          if (refuse) throw { code: 'NOT_FOUND', message: 'gone' };
          return { messageId: body.messageId, eval: body.eval, comment: body.comment ?? null };
        },
        handoff: () => Promise.reject(new Error('not used')),
        messages: () => Promise.reject(new Error('not used')),
        contact: () => Promise.reject(new Error('not used')),
        contactCapture: () => Promise.reject(new Error('not used')),
        conversations: () => Promise.reject(new Error('not used')),
        deleteConversation: () => Promise.reject(new Error('not used')),
      },
      scheduleFrame: (flush) => flush(),
      onError,
    });
    await chat.send('When are you open?');
    const answerId = chat.messages.value[1]?.id ?? '';
    expect(chat.messages.value[1]).toMatchObject({ messageId: 'm1_sig' });

    await chat.rate(answerId, 'bad', 'Wrong hours');
    expect(chat.messages.value[1]?.vote).toBe('bad');
    await chat.rate(answerId, 'good');
    await chat.rate(answerId, undefined);
    expect(chat.messages.value[1]?.vote).toBeUndefined();
    expect(sent).toEqual([
      { visitorId: 'token-1', messageId: 'm1_sig', eval: 'bad', comment: 'Wrong hours' },
      { visitorId: 'token-1', messageId: 'm1_sig', eval: 'good' },
      { visitorId: 'token-1', messageId: 'm1_sig', eval: null },
    ]);

    refuse = true;
    await chat.rate(answerId, 'good');
    expect(chat.messages.value[1]?.vote).toBeUndefined();
    expect(onError).toHaveBeenCalledWith({ code: 'NOT_FOUND', message: 'gone' });
    // A question has no server id: nothing to vote on.
    await chat.rate(chat.messages.value[0]?.id ?? '', 'good');
    expect(sent).toHaveLength(4);
  });

  it('starts a new conversation after the BFF no longer recognises the stored one (404)', async () => {
    const queries: unknown[] = [];
    let next: QueryEvent[] = [
      { type: 'start' },
      {
        type: 'finish',
        result: { answer: 'Hi', sources: [], conversationId: 'c1', visitorId: 'v1' },
      },
    ];
    const transport: QueryTransport = {
      async *sendQuery(query) {
        queries.push(query);
        yield* next;
      },
    };
    const chat = createChatModel({
      agentId: 'demo',
      endpoint: 'https://unused.example',
      store: createConversationStore({ agentId: 'demo', storage: 'none' }),
      transport,
      scheduleFrame: (flush) => flush(),
    });
    await chat.send('Hello');
    next = [{ type: 'error', error: { code: 'NOT_FOUND', message: 'not yours', status: 404 } }];
    await chat.send('Still there?');
    expect(chat.status.value).toBe('error');
    next = [{ type: 'start' }, { type: 'finish', result: { answer: 'Yes', sources: [] } }];
    await chat.retry();
    expect(queries).toEqual([
      { query: 'Hello' },
      { query: 'Still there?', conversationId: 'c1', visitorId: 'v1' },
      { query: 'Still there?', visitorId: 'v1' },
    ]);
  });
});

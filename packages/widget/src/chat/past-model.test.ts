import type { PastConversation, StreamResult } from '@agent-chat/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../testing/memory-storage.js';
import { createChatModel } from './chat-model.js';
import type { ConversationApi } from './conversation-api.js';
import { createConversationStore } from './conversation-store.js';
import type { ChatQuery, QueryTransport } from './query-transport.js';

const summary = (conversationId: string, firstQuestion: string): PastConversation => ({
  conversationId,
  firstQuestion,
  status: 'open',
  createdAt: '2026-11-25T10:00:00Z',
  updatedAt: '2026-11-25T10:05:00Z',
});

function setup() {
  const localStorage = createMemoryStorage();
  const window = {
    localStorage,
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  const store = createConversationStore({ agentId: 'demo', storage: 'local', window });
  let next = 0;
  const queries: ChatQuery[] = [];
  const transport: QueryTransport = {
    async *sendQuery(query) {
      queries.push(query);
      next++;
      const result: StreamResult = {
        answer: `Answer ${next}`,
        sources: [],
        visitorId: query.visitorId ?? 'v_sig',
        conversationId: query.conversationId ?? `c${next}`,
      };
      yield { type: 'start' };
      yield { type: 'finish', result };
    },
  };
  const calls: { route: string; body: unknown }[] = [];
  const api: ConversationApi = {
    feedback: () => Promise.reject(new Error('not used')),
    handoff: () => Promise.reject(new Error('not used')),
    contact: () => Promise.reject(new Error('not used')),
    contactCapture: () => Promise.reject(new Error('not used')),
    async messages(body) {
      calls.push({ route: 'messages', body });
      return {
        status: 'resolved',
        messages: [
          {
            id: 'm1',
            role: 'user',
            text: 'Old question',
            createdAt: '',
            sources: [],
            eval: null,
            comment: null,
          },
          {
            id: 'm2',
            role: 'assistant',
            text: 'Old answer',
            createdAt: '',
            sources: [],
            eval: 'good',
            comment: null,
          },
        ],
      };
    },
    async conversations(body) {
      calls.push({ route: 'conversations', body });
      return { conversations: body.conversationIds.map((id) => summary(id, `About ${id}`)) };
    },
    async deleteConversation(body) {
      calls.push({ route: 'delete', body });
      if (body.conversationId === 'gone') throw { code: 'NOT_FOUND', message: 'gone', status: 404 };
      return { deleted: true };
    },
  };
  const chat = createChatModel({
    agentId: 'demo',
    endpoint: 'https://unused.example',
    store,
    transport,
    conversationApi: api,
    scheduleFrame: (flush) => flush(),
  });
  return { chat, store, calls, localStorage, queries };
}

describe('chat.past', () => {
  it('stores nothing and lists nothing before a first message', async () => {
    const { chat, calls, localStorage } = setup();
    expect(await chat.past.list()).toEqual([]);
    expect(calls).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('keeps the ids of the conversations the visitor had, newest first, at most 20', async () => {
    const { chat, store, calls } = setup();
    for (let index = 0; index < 22; index++) {
      await chat.send('Hi');
      chat.reset();
    }
    const ids = store.pastIds();
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe('c22');
    expect(ids.at(-1)).toBe('c3');
    const listed = await chat.past.list();
    expect(listed[0]).toMatchObject({ conversationId: 'c22', firstQuestion: 'About c22' });
    expect(calls.at(-1)).toEqual({
      route: 'conversations',
      body: { visitorId: 'v_sig', conversationIds: ids },
    });
  });

  it('reopens a conversation from its transcript on the server; the next question continues it', async () => {
    const { chat } = setup();
    await chat.send('First');
    chat.reset();
    await chat.past.open('c1');
    expect(chat.messages.value.map(({ role, text }) => ({ role, text }))).toEqual([
      { role: 'user', text: 'Old question' },
      { role: 'assistant', text: 'Old answer' },
    ]);
    expect(chat.messages.value[1]).toMatchObject({ state: 'done', messageId: 'm2', vote: 'good' });
    expect(chat.handoff.status.value).toBe('resolved');
    await chat.send('More');
    expect(chat.messages.value.at(-1)).toMatchObject({ text: 'Answer 2' });
  });

  it('deletes a conversation on the server and forgets it, even one already gone; deleting the current one starts afresh', async () => {
    const { chat, store, calls } = setup();
    await chat.send('One');
    chat.reset();
    await chat.send('Two');
    expect(store.pastIds()).toEqual(['c2', 'c1']);
    await chat.past.remove('c1');
    expect(calls.at(-1)).toEqual({
      route: 'delete',
      body: { visitorId: 'v_sig', conversationId: 'c1' },
    });
    expect(store.pastIds()).toEqual(['c2']);
    expect(chat.messages.value).toHaveLength(2);
    await chat.past.remove('c2');
    expect(store.pastIds()).toEqual([]);
    expect(chat.messages.value).toEqual([]);
    store.savePastIds(['gone']);
    await chat.past.remove('gone');
    expect(store.pastIds()).toEqual([]);
  });
});

describe('chat.signIn and chat.logout (signed-in users)', () => {
  it('holds questions until the user is verified, then asks with the ids it gave', async () => {
    const { chat, queries, store } = setup();
    await chat.send('Before');
    let verify: ((ids: { visitorId: string; conversationId: string }) => void) | undefined;
    const signing = chat.signIn(
      (held) =>
        new Promise((resolve) => {
          expect(held).toEqual({ visitorId: 'v_sig', conversationId: 'c1' });
          verify = resolve;
        }),
    );
    const sending = chat.send('After');
    await vi.waitFor(() => expect(verify).toBeDefined());
    expect(queries).toHaveLength(1);
    expect(chat.status.value).toBe('submitted');
    verify?.({ visitorId: 'u_user', conversationId: 'c1_merged' });
    await signing;
    await sending;
    expect(queries[1]).toMatchObject({ visitorId: 'u_user', conversationId: 'c1_merged' });
    expect(store.load()).toMatchObject({ visitorId: 'u_user', conversationId: 'c1_merged' });
  });

  it('fails questions with the verification error, never asking anonymously; a later sign-in may succeed', async () => {
    const { chat, queries } = setup();
    const refused = { code: 'IDENTITY_INVALID', message: 'Not confirmed.', status: 401 };
    await expect(chat.signIn(() => Promise.reject(refused))).rejects.toBe(refused);
    await chat.send('Hello');
    expect(queries).toEqual([]);
    expect(chat.messages.value[1]).toMatchObject({ state: 'error', error: refused });
    await expect(chat.past.list()).rejects.toBe(refused);

    await chat.signIn(async () => ({ visitorId: 'u_user' }));
    await chat.send('Hello');
    expect(queries).toEqual([{ query: 'Hello', visitorId: 'u_user' }]);
  });

  it("lists a signed-in user's conversations from the server even when this browser kept none", async () => {
    const { chat, calls } = setup();
    await chat.signIn(async () => ({ visitorId: 'u_user' }));
    await chat.past.list();
    expect(calls).toEqual([
      { route: 'conversations', body: { visitorId: 'u_user', conversationIds: [] } },
    ]);
  });

  it('forgets the visitor, the conversation and the earlier ids at logout', async () => {
    const { chat, queries, store, localStorage } = setup();
    await chat.signIn(async () => ({ visitorId: 'u_user' }));
    await chat.send('Mine');
    expect(store.pastIds()).toEqual(['c1']);
    chat.logout();
    expect(chat.messages.value).toEqual([]);
    expect(localStorage.length).toBe(0);
    expect(store.pastIds()).toEqual([]);
    await chat.send('Anonymous now');
    expect(queries.at(-1)).toEqual({ query: 'Anonymous now' });
  });
});

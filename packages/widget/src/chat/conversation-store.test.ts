import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryStorage,
  createStorageWindow,
  storageEvent,
} from '../testing/memory-storage.js';
import type { ChatMessage } from './chat-message.js';
import { createConversationStore, storageKey } from './conversation-store.js';

const messages = (count: number): ChatMessage[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    text: `message ${index}`,
  }));

describe('createConversationStore', () => {
  it('saves under agent-chat:<agentId> and keeps only the last 50 messages', () => {
    const local = createMemoryStorage();
    const store = createConversationStore({
      agentId: 'sales',
      window: createStorageWindow({ local }),
      now: () => 1000,
    });
    expect(store.load()).toBeUndefined();
    store.save({ conversationId: 'c', messages: messages(60), updatedAt: 1000 });
    const raw = JSON.parse(local.getItem('agent-chat:sales')!);
    expect(raw.messages).toHaveLength(50);
    expect(raw.messages[0].text).toBe('message 10');
    expect(store.load()).toMatchObject({ conversationId: 'c', updatedAt: 1000 });
    expect(store.kind).toBe('local');
  });

  it('writes nothing to storage until the first save', () => {
    const local = createMemoryStorage();
    const writes: string[] = [];
    const spied: Storage = Object.assign(Object.create(local) as Storage, {
      getItem: (key: string) => local.getItem(key),
      setItem(key: string, value: string) {
        writes.push(`set ${key}`);
        local.setItem(key, value);
      },
      removeItem(key: string) {
        writes.push(`remove ${key}`);
        local.removeItem(key);
      },
      clear() {
        writes.push('clear');
        local.clear();
      },
    });
    const store = createConversationStore({
      agentId: 'a',
      window: createStorageWindow({ local: spied }),
      now: () => 1,
    });
    expect(store.load()).toBeUndefined();
    expect(store.kind).toBe('local');
    expect(writes).toEqual([]);
    store.save({ messages: messages(1), updatedAt: 1 });
    expect(writes).toEqual(['set agent-chat:a']);
  });

  it('falls back to memory when the first write fails (old Safari private mode)', () => {
    const local = createMemoryStorage();
    local.failWrites = true;
    const store = createConversationStore({
      agentId: 'a',
      window: createStorageWindow({ local }),
      now: () => 1,
    });
    expect(() => store.save({ messages: messages(2), updatedAt: 1 })).not.toThrow();
    expect(store.kind).toBe('memory');
    expect(store.load()?.messages).toHaveLength(2);
    expect(local.length).toBe(0);
  });

  it('keeps two agents apart', () => {
    const local = createMemoryStorage();
    const window = createStorageWindow({ local });
    const a = createConversationStore({ agentId: 'a', window, now: () => 1 });
    const b = createConversationStore({ agentId: 'b', window, now: () => 1 });
    a.save({ messages: messages(1), updatedAt: 1 });
    expect(b.load()).toBeUndefined();
    expect(a.load()?.messages).toHaveLength(1);
  });

  it('uses sessionStorage or memory only when configured', () => {
    const local = createMemoryStorage();
    const session = createMemoryStorage();
    const window = createStorageWindow({ local, session });
    const inSession = createConversationStore({ agentId: 'a', storage: 'session', window });
    inSession.save({ messages: messages(2), updatedAt: Date.now() });
    expect(session.getItem(storageKey('a'))).not.toBeNull();
    const inMemory = createConversationStore({ agentId: 'b', storage: 'none', window });
    inMemory.save({ messages: messages(2), updatedAt: Date.now() });
    expect(inMemory.load()?.messages).toHaveLength(2);
    expect(inMemory.kind).toBe('memory');
    expect(local.length + session.length).toBe(1);
  });

  it('forgets a conversation idle for longer than the expiry', () => {
    const local = createMemoryStorage();
    let now = 0;
    const store = createConversationStore({
      agentId: 'a',
      window: createStorageWindow({ local }),
      expiryMs: 60_000,
      now: () => now,
    });
    store.save({ messages: messages(2), updatedAt: 0 });
    now = 60_000;
    expect(store.load()).toBeDefined();
    now = 60_001;
    expect(store.load()).toBeUndefined();
    expect(local.getItem(storageKey('a'))).toBeNull();
  });

  it('treats corrupt data as no conversation and drops malformed messages', () => {
    const local = createMemoryStorage();
    const store = createConversationStore({
      agentId: 'a',
      window: createStorageWindow({ local }),
      now: () => 5,
    });
    local.setItem(storageKey('a'), '{not json');
    expect(store.load()).toBeUndefined();
    expect(local.getItem(storageKey('a'))).toBeNull();
    local.setItem(
      storageKey('a'),
      JSON.stringify({
        updatedAt: 5,
        conversationId: 42,
        messages: [{ id: 'ok', role: 'user', text: 'kept' }, { role: 'system', text: 'x' }, null],
      }),
    );
    expect(store.load()).toEqual({
      updatedAt: 5,
      messages: [{ id: 'ok', role: 'user', text: 'kept' }],
    });
  });

  it('falls back to memory when storage is unavailable (private mode, blocked storage)', () => {
    const local = createMemoryStorage();
    local.failAll = true;
    const store = createConversationStore({ agentId: 'a', window: createStorageWindow({ local }) });
    expect(store.kind).toBe('memory');
    store.save({ messages: messages(1), updatedAt: Date.now() });
    expect(store.load()?.messages).toHaveLength(1);

    const throwingWindow = {
      addEventListener() {},
      removeEventListener() {},
      get localStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    const blocked = createConversationStore({ agentId: 'a', window: throwingWindow });
    expect(blocked.kind).toBe('memory');
    expect(() => blocked.save({ messages: [], updatedAt: 1 })).not.toThrow();
  });

  it('keeps working in memory after a quota error', () => {
    const local = createMemoryStorage();
    const store = createConversationStore({
      agentId: 'a',
      window: createStorageWindow({ local }),
      now: () => 1,
    });
    store.save({ messages: messages(1), updatedAt: 1 });
    local.failWrites = true;
    store.save({ messages: messages(3), updatedAt: 1 });
    expect(store.kind).toBe('memory');
    expect(store.load()?.messages).toHaveLength(3);
  });

  it('reports writes from other tabs for its own key only', () => {
    const local = createMemoryStorage();
    const window = createStorageWindow({ local });
    const store = createConversationStore({ agentId: 'a', window, now: () => 1 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const value = JSON.stringify({ messages: messages(1), updatedAt: 1 });
    window.dispatchEvent(storageEvent(local, storageKey('b'), value));
    window.dispatchEvent(storageEvent(createMemoryStorage(), storageKey('a'), value));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(storageEvent(local, storageKey('a'), value));
    expect(listener).toHaveBeenCalledWith({ messages: messages(1), updatedAt: 1 });
    unsubscribe();
    window.dispatchEvent(storageEvent(local, storageKey('a'), value));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

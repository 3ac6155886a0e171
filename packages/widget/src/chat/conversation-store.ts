import {
  CONVERSATION_STATUSES,
  type ConversationStatus,
  PAST_CONVERSATIONS_LIMIT,
} from '@agent-chat/protocol';
import type { ChatMessage } from './chat-message.js';

/** What is persisted per agent under `agent-chat:<agentId>`. */
export interface SavedConversation {
  conversationId?: string;
  visitorId?: string;
  messages: ChatMessage[];
  /** Who answers the conversation, as last heard: `handoff` while a person does. Default `open`. */
  status?: ConversationStatus;
  /** Whether the agent offers a person to talk to, as its last answer said. */
  handoffEnabled?: boolean;
  /** The last message id a poll for replies returned: the next poll asks for what follows. */
  pollAfter?: string;
  /** The contact form was sent or dismissed: never offered again (never what was typed). */
  contact?: 'sent' | 'dismissed';
  /** Epoch milliseconds of the last write; older than the expiry → forgotten. */
  updatedAt: number;
}

/** Where a conversation is kept; see {@link createConversationStore}. */
export interface ConversationStore {
  /** The saved conversation, or undefined when there is none, it expired, or it is corrupt. */
  load(): SavedConversation | undefined;
  /** Saves (never throws: on quota or access errors the store falls back to memory). */
  save(conversation: SavedConversation): void;
  /**
   * Forgets the conversation and the ids of earlier ones (called only without a visitor id,
   * whose conversations cannot be listed anyway, or at sign-out).
   */
  clear(): void;
  /** Calls `listener` when another tab changes the conversation. Returns an unsubscribe. */
  subscribe(listener: (conversation: SavedConversation | undefined) => void): () => void;
  /**
   * The ids of this agent's earlier conversations, newest first (at most
   * `PAST_CONVERSATIONS_LIMIT.max`), kept under `agent-chat:<agentId>:past`.
   */
  pastIds(): string[];
  /** Replaces the ids of earlier conversations (kept to the newest 20). */
  savePastIds(ids: string[]): void;
  /** `local`/`session` while the browser storage works, `memory` after a fallback. */
  readonly kind: 'local' | 'session' | 'memory';
}

/** Options of {@link createConversationStore}. */
export interface ConversationStoreOptions {
  agentId: string;
  /** `local` (default), `session`, or `none` (memory only). */
  storage?: 'local' | 'session' | 'none';
  /** The window whose storage and `storage` events are used. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    readonly localStorage?: Storage;
    readonly sessionStorage?: Storage;
  };
  /** Forget a conversation idle for longer than this. Default 7 days. */
  expiryMs?: number;
  /** Clock, for tests. Default `Date.now`. */
  now?: () => number;
  /** Most messages kept. Default 50 (the last ones). */
  maxMessages?: number;
}

/** The storage key of an agent's conversation. */
export function storageKey(agentId: string): string {
  return `agent-chat:${agentId}`;
}

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    typeof message.id === 'string' &&
    (message.role === 'user' ||
      message.role === 'assistant' ||
      message.role === 'operator' ||
      message.role === 'notice') &&
    typeof message.text === 'string' &&
    (message.sources === undefined || Array.isArray(message.sources))
  );
}

/** Parses a stored value; anything malformed counts as no conversation. */
export function parseSavedConversation(raw: string | null): SavedConversation | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const saved = value as Record<string, unknown>;
  if (typeof saved.updatedAt !== 'number' || !Array.isArray(saved.messages)) return undefined;
  const result: SavedConversation = {
    messages: saved.messages.filter(isMessage),
    updatedAt: saved.updatedAt,
  };
  if (typeof saved.conversationId === 'string') result.conversationId = saved.conversationId;
  if (typeof saved.visitorId === 'string') result.visitorId = saved.visitorId;
  if (CONVERSATION_STATUSES.includes(saved.status as ConversationStatus)) {
    result.status = saved.status as ConversationStatus;
  }
  if (typeof saved.handoffEnabled === 'boolean') result.handoffEnabled = saved.handoffEnabled;
  if (typeof saved.pollAfter === 'string') result.pollAfter = saved.pollAfter;
  if (saved.contact === 'sent' || saved.contact === 'dismissed') result.contact = saved.contact;
  return result;
}

function openStorage(
  options: ConversationStoreOptions,
): { storage: Storage; kind: 'local' | 'session' } | undefined {
  const kind = options.storage ?? 'local';
  if (kind === 'none' || !options.window) return undefined;
  try {
    // Reading the property itself throws in some sandboxed iframes and with blocked cookies.
    const storage =
      kind === 'session' ? options.window.sessionStorage : options.window.localStorage;
    if (!storage) return undefined;
    // A read, never a write: nothing may be stored before the first message. Storage that
    // refuses writes (a full quota, old Safari private mode) is found out by the first save.
    storage.getItem(storageKey(options.agentId));
    return { storage, kind };
  } catch {
    return undefined;
  }
}

/**
 * Creates the persistence of one agent's conversation: browser storage when it works, memory
 * otherwise (Safari private mode, blocked third-party storage, quota errors, corrupt data
 * never break the widget). Keeps the last `maxMessages` messages; forgets conversations
 * idle for longer than `expiryMs`; reports changes made by other tabs (the `storage` event).
 *
 * @example
 * const store = createConversationStore({ agentId: 'demo', window });
 * store.save({ messages, conversationId, updatedAt: Date.now() });
 */
export function createConversationStore(options: ConversationStoreOptions): ConversationStore {
  const key = storageKey(options.agentId);
  const now = options.now ?? Date.now;
  const expiryMs = options.expiryMs ?? 7 * 24 * 3_600_000;
  const maxMessages = options.maxMessages ?? 50;
  let opened = openStorage(options);
  let memory: SavedConversation | undefined;
  const pastKey = `${key}:past`;
  let pastMemory: string[] = [];

  const fresh = (saved: SavedConversation | undefined): SavedConversation | undefined =>
    saved && now() - saved.updatedAt <= expiryMs ? saved : undefined;

  const fallBackToMemory = (): void => {
    opened = undefined;
  };

  return {
    load() {
      if (!opened) return fresh(memory);
      let raw: string | null;
      try {
        raw = opened.storage.getItem(key);
      } catch {
        fallBackToMemory();
        return fresh(memory);
      }
      const saved = parseSavedConversation(raw);
      if (raw !== null && !fresh(saved)) {
        try {
          opened.storage.removeItem(key);
        } catch {
          fallBackToMemory();
        }
      }
      return fresh(saved);
    },
    save(conversation) {
      const trimmed: SavedConversation = {
        ...conversation,
        messages: conversation.messages.slice(-maxMessages),
      };
      memory = trimmed;
      if (!opened) return;
      try {
        opened.storage.setItem(key, JSON.stringify(trimmed));
      } catch {
        // Quota exceeded or storage revoked: keep going in memory.
        fallBackToMemory();
      }
    },
    clear() {
      memory = undefined;
      pastMemory = [];
      if (!opened) return;
      try {
        opened.storage.removeItem(key);
        opened.storage.removeItem(pastKey);
      } catch {
        fallBackToMemory();
      }
    },
    subscribe(listener) {
      const target = options.window;
      if (!target) return () => {};
      const onStorage = (event: Event): void => {
        const storageEvent = event as StorageEvent;
        if (!opened || storageEvent.storageArea !== opened.storage) return;
        if (storageEvent.key !== key && storageEvent.key !== null) return;
        listener(fresh(parseSavedConversation(storageEvent.newValue)));
      };
      target.addEventListener('storage', onStorage);
      return () => target.removeEventListener('storage', onStorage);
    },
    pastIds() {
      if (!opened) return pastMemory;
      try {
        const value: unknown = JSON.parse(opened.storage.getItem(pastKey) ?? '[]');
        return Array.isArray(value)
          ? value
              .filter((id): id is string => typeof id === 'string')
              .slice(0, PAST_CONVERSATIONS_LIMIT.max)
          : [];
      } catch {
        return pastMemory;
      }
    },
    savePastIds(ids) {
      pastMemory = ids.slice(0, PAST_CONVERSATIONS_LIMIT.max);
      if (!opened) return;
      try {
        opened.storage.setItem(pastKey, JSON.stringify(pastMemory));
      } catch {
        fallBackToMemory();
      }
    },
    get kind() {
      return opened?.kind ?? 'memory';
    },
  };
}

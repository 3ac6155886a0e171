import type { MessagesResponse, PastConversation } from '@agent-chat/protocol';
import type { ConversationApi } from './conversation-api.js';
import type { ConversationStore } from './conversation-store.js';

/** The visitor's earlier conversations with this agent; see {@link createPastModel}. */
export interface PastModel {
  /** Summaries of the kept conversations, newest first (none without a visitor id or ids). */
  list(): Promise<PastConversation[]>;
  /** Loads a conversation's transcript from the server and makes it the current one. */
  open(conversationId: string): Promise<void>;
  /** Deletes a conversation on the server and forgets its id; the current one starts afresh. */
  remove(conversationId: string): Promise<void>;
  /** Keeps the id of a conversation the visitor took part in (newest first). */
  remember(conversationId: string): void;
}

/** Options of {@link createPastModel}. */
export interface PastModelOptions {
  api: ConversationApi;
  store: ConversationStore;
  /**
   * The visitor's id and the current conversation's, as the chat model knows them (once a
   * signed-in user is verified: a failure rejects).
   */
  ids: () => Promise<{ visitorId?: string | undefined; conversationId?: string | undefined }>;
  /** Makes a loaded conversation the current one. */
  load: (conversationId: string, response: MessagesResponse) => void;
  /** Starts a new conversation (the current one was deleted). */
  reset: () => void;
}

/**
 * Creates the model of the "Conversations" view: the ids live in the configured storage
 * (written only once a conversation exists: after a first message), the summaries and
 * transcripts come from the BFF, which answers only for the signed visitor's own
 * conversations. Requests reject with a `ChatError`.
 */
export function createPastModel(options: PastModelOptions): PastModel {
  const { api, store } = options;
  const forget = (conversationId: string): void => {
    store.savePastIds(store.pastIds().filter((id) => id !== conversationId));
  };
  return {
    async list() {
      const { visitorId } = await options.ids();
      // A signed-in user's list comes from every device, whatever this browser kept.
      if (!visitorId) return [];
      const conversationIds = store.pastIds();
      const response = await api.conversations({ visitorId, conversationIds });
      return response.conversations;
    },
    async open(conversationId) {
      const { visitorId } = await options.ids();
      if (!visitorId) return;
      const response = await api.messages({ visitorId, conversationId });
      options.load(conversationId, response);
    },
    async remove(conversationId) {
      const { visitorId } = await options.ids();
      if (!visitorId) return;
      try {
        await api.deleteConversation({ visitorId, conversationId });
      } catch (failure) {
        // Already gone (or never the visitor's): forget it all the same.
        if ((failure as { status?: number }).status !== 404) throw failure;
      }
      forget(conversationId);
      if ((await options.ids()).conversationId === conversationId) options.reset();
    },
    remember(conversationId) {
      const ids = store.pastIds();
      if (ids[0] === conversationId) return;
      store.savePastIds([conversationId, ...ids.filter((id) => id !== conversationId)]);
    },
  };
}

import type {
  ConversationDetail,
  ConversationFilters,
  ConversationListResponse,
  ConversationStatus,
  ConversationSummary,
  ExportFormat,
  OperatorReplyResponse,
} from '@agent-chat/protocol';
import type { ApiClient } from './api-client.js';

/** Conversations shown per page of the list. */
export const CONVERSATIONS_PER_PAGE = 20;

/** The query string of a filtered list or export: only the filters that are set. */
export function filterSearch(filters: ConversationFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra })) {
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  return params.size > 0 ? `?${params}` : '';
}

/** The console's calls to the conversation routes of the admin API (through the BFF). */
export interface ConversationsApi {
  /** One page, newest activity first; `cursor` is the previous page's `nextCursor`. */
  list(filters: ConversationFilters, cursor?: string): Promise<ConversationListResponse>;
  get(id: string): Promise<ConversationDetail>;
  /** Erases the conversation and its messages (privacy erasure); resolves to it as it was. */
  erase(id: string): Promise<ConversationSummary>;
  /**
   * Posts a reply as a person (the conversation goes to `handoff` if it was `open`); its
   * `emailedTo` says whether it is also mailed to the visitor's contact.
   */
  reply(id: string, text: string): Promise<OperatorReplyResponse>;
  setStatus(id: string, status: ConversationStatus): Promise<ConversationSummary>;
  /** The export of the filtered conversations, as a file to save. */
  exportFile(filters: ConversationFilters, format: ExportFormat): Promise<Blob>;
}

/** Creates the conversation calls over the console's API client. */
export function createConversationsApi(api: ApiClient): ConversationsApi {
  const path = (id: string) => `api/conversations/${encodeURIComponent(id)}`;
  return {
    list(filters, cursor) {
      const extra: Record<string, string> = { limit: String(CONVERSATIONS_PER_PAGE) };
      if (cursor) extra.cursor = cursor;
      return api.request('GET', `api/conversations${filterSearch(filters, extra)}`);
    },
    get: (id) => api.request('GET', path(id)),
    erase: (id) => api.request('DELETE', path(id)),
    reply: (id, text) => api.request('POST', `${path(id)}/messages`, { text }),
    setStatus: (id, status) =>
      api.request('POST', 'api/conversations/update-status', { conversationId: id, status }),
    exportFile: (filters, format) =>
      api.download(`api/conversations/export${filterSearch(filters, { format })}`),
  };
}

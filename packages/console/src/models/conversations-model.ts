import type {
  ConversationChannel,
  ConversationFilters,
  ConversationStatus,
  ConversationSummary,
  ExportFormat,
  MessageEval,
} from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ConversationsApi } from './conversations-api.js';
import { createCursorPages } from './cursor-pages.js';
import { messageOf } from './session-model.js';

/** The filters as the form holds them: dates are `YYYY-MM-DD` (UTC days, both included). */
export interface ConversationFilterDraft {
  q: string;
  agentId: string;
  feedback: MessageEval | '';
  status: ConversationStatus | '';
  from: string;
  to: string;
  channel: ConversationChannel | '';
  /** A signed-in user's id, name or email (part of it); `*` for every signed-in user. */
  user: string;
  /** A signed-in user's attribute, `key:value` (e.g. `plan:pro`). */
  attribute: string;
}

/** No filter: every conversation. */
export const NO_FILTERS: ConversationFilterDraft = {
  q: '',
  agentId: '',
  feedback: '',
  status: '',
  from: '',
  to: '',
  channel: '',
  user: '',
  attribute: '',
};

/** An attribute filter as the API takes it: `key:value`, the key as attributes' keys are. */
export const ATTRIBUTE_FILTER = /^[A-Za-z][A-Za-z0-9_.-]{0,39}:.+$/;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d\d-\d\d$/;

/**
 * The API's filters for a form's draft. The `to` day is included: the API's `to` is
 * exclusive, so it gets the start of the next day.
 */
export function apiFilters(draft: ConversationFilterDraft): ConversationFilters {
  const filters: ConversationFilters = {};
  if (draft.q.trim() !== '') filters.q = draft.q.trim();
  if (draft.agentId !== '') filters.agentId = draft.agentId;
  if (draft.feedback !== '') filters.feedback = draft.feedback;
  if (draft.status !== '') filters.status = draft.status;
  if (draft.channel !== '') filters.channel = draft.channel;
  if (draft.user.trim() !== '') filters.user = draft.user.trim();
  const attribute = draft.attribute.trim();
  if (ATTRIBUTE_FILTER.test(attribute)) filters.attribute = attribute;
  if (DATE.test(draft.from)) filters.from = `${draft.from}T00:00:00.000Z`;
  if (DATE.test(draft.to)) {
    filters.to = new Date(Date.parse(`${draft.to}T00:00:00.000Z`) + DAY_MS).toISOString();
  }
  return filters;
}

/** A file made by the export, ready to save. */
export interface ExportedFile {
  name: string;
  blob: Blob;
}

/** The conversation list: filters, cursor pages, and the export of what is filtered. */
export interface ConversationsModel {
  filters: ReadonlySignal<ConversationFilterDraft>;
  items: ReadonlySignal<readonly ConversationSummary[]>;
  loading: ReadonlySignal<boolean>;
  /** Why the list could not be loaded. */
  listError: ReadonlySignal<string | undefined>;
  /** 0 for the newest page. */
  page: ReadonlySignal<number>;
  hasNext: ReadonlySignal<boolean>;
  /** Applies new filters and shows their first page. */
  applyFilters(draft: ConversationFilterDraft): Promise<void>;
  /** Loads the current page again (after a reply, a status change or an erasure). */
  reload(): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  exporting: ReadonlySignal<ExportFormat | undefined>;
  exportError: ReadonlySignal<string | undefined>;
  /** Exports the filtered conversations; ignored while an export runs. */
  exportFile(format: ExportFormat): Promise<ExportedFile | undefined>;
}

/** Creates the conversation list's model over the conversation calls. */
export function createConversationsModel(api: ConversationsApi): ConversationsModel {
  const filters = signal<ConversationFilterDraft>(NO_FILTERS);
  const pages = createCursorPages<ConversationSummary>(async (cursor) => {
    const answer = await api.list(apiFilters(filters.value), cursor);
    return { items: answer.conversations, nextCursor: answer.nextCursor };
  }, 'The conversations could not be loaded');
  const exporting = signal<ExportFormat | undefined>(undefined);
  const exportError = signal<string | undefined>(undefined);
  return {
    filters,
    items: pages.items,
    loading: pages.loading,
    listError: pages.listError,
    page: pages.page,
    hasNext: pages.hasNext,
    applyFilters(draft) {
      filters.value = draft;
      return pages.first();
    },
    reload: pages.reload,
    next: pages.next,
    previous: pages.previous,
    exporting,
    exportError,
    async exportFile(format) {
      if (exporting.value) return undefined;
      exporting.value = format;
      exportError.value = undefined;
      try {
        const blob = await api.exportFile(apiFilters(filters.value), format);
        return { name: `conversations.${format}`, blob };
      } catch (failure) {
        exportError.value = `The export failed: ${messageOf(failure)}`;
        return undefined;
      } finally {
        exporting.value = undefined;
      }
    },
  };
}

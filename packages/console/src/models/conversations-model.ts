import type {
  ConversationFilters,
  ConversationStatus,
  ConversationSummary,
  ExportFormat,
  MessageEval,
} from '@agent-chat/protocol';
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { ConversationsApi } from './conversations-api.js';
import { messageOf } from './session-model.js';

/** The filters as the form holds them: dates are `YYYY-MM-DD` (UTC days, both included). */
export interface ConversationFilterDraft {
  q: string;
  agentId: string;
  feedback: MessageEval | '';
  status: ConversationStatus | '';
  from: string;
  to: string;
}

/** No filter: every conversation. */
export const NO_FILTERS: ConversationFilterDraft = {
  q: '',
  agentId: '',
  feedback: '',
  status: '',
  from: '',
  to: '',
};

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
  const items = signal<readonly ConversationSummary[]>([]);
  const loading = signal(false);
  const listError = signal<string | undefined>(undefined);
  /** The cursor of each page seen so far (`undefined` for the first). */
  const cursors = signal<readonly (string | undefined)[]>([undefined]);
  const page = signal(0);
  const nextCursor = signal<string | null>(null);
  const exporting = signal<ExportFormat | undefined>(undefined);
  const exportError = signal<string | undefined>(undefined);
  let latest = 0;

  async function show(index: number): Promise<void> {
    const call = ++latest;
    loading.value = true;
    try {
      const answer = await api.list(apiFilters(filters.value), cursors.value[index]);
      if (call !== latest) return;
      items.value = answer.conversations;
      page.value = index;
      nextCursor.value = answer.nextCursor;
      cursors.value = [...cursors.value.slice(0, index + 1), answer.nextCursor ?? undefined];
      listError.value = undefined;
    } catch (failure) {
      if (call === latest)
        listError.value = `The conversations could not be loaded: ${messageOf(failure)}`;
    } finally {
      if (call === latest) loading.value = false;
    }
  }

  return {
    filters,
    items,
    loading,
    listError,
    page,
    hasNext: computed(() => nextCursor.value !== null),
    applyFilters(draft) {
      filters.value = draft;
      cursors.value = [undefined];
      return show(0);
    },
    reload: () => show(page.value),
    async next() {
      if (nextCursor.value !== null && !loading.value) await show(page.value + 1);
    },
    async previous() {
      if (page.value > 0 && !loading.value) await show(page.value - 1);
    },
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

import type { Contact, ContactErasureResponse, ContactListResponse } from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ApiClient } from './api-client.js';
import { createCursorPages } from './cursor-pages.js';
import { runAction } from './run-action.js';
import { messageOf } from './session-model.js';

/** Contacts shown per page. */
export const CONTACTS_PER_PAGE = 20;

/** The contact list's search: text in the email, name or phone, and an agent (`''`: any). */
export interface ContactSearch {
  q: string;
  agentId: string;
}

/** The CSV export, ready to save. */
export interface ContactsFile {
  name: string;
  blob: Blob;
}

/** The Contacts page's state: search, cursor pages, CSV export, erasure with confirmation. */
export interface ContactsModel {
  search: ReadonlySignal<ContactSearch>;
  items: ReadonlySignal<readonly Contact[]>;
  loading: ReadonlySignal<boolean>;
  /** Why the list could not be loaded. */
  listError: ReadonlySignal<string | undefined>;
  /** 0 for the most recently updated page. */
  page: ReadonlySignal<number>;
  hasNext: ReadonlySignal<boolean>;
  /** Searches and shows the first page of the matches. */
  applySearch(search: ContactSearch): Promise<void>;
  /** Loads the current page again. */
  reload(): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  exporting: ReadonlySignal<boolean>;
  exportError: ReadonlySignal<string | undefined>;
  /** Every match as CSV; ignored while an export runs. */
  exportCsv(): Promise<ContactsFile | undefined>;
  /** The contact whose erasure awaits confirmation. */
  confirmingErase: ReadonlySignal<Contact | undefined>;
  erasing: ReadonlySignal<boolean>;
  eraseError: ReadonlySignal<string | undefined>;
  /** What the last erasure removed, said once it is done. */
  erased: ReadonlySignal<string | undefined>;
  askErase(contact: Contact | undefined): void;
  /** Erases the contact awaiting confirmation, and its visitor's conversations with the agent. */
  confirmErase(): Promise<void>;
}

/** The query string of a search (only what is set), with `extra` parameters. */
function searchQuery(search: ContactSearch, extra: Record<string, string>): string {
  const params = new URLSearchParams();
  if (search.q.trim() !== '') params.set('q', search.q.trim());
  if (search.agentId !== '') params.set('agentId', search.agentId);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.size > 0 ? `?${params}` : '';
}

/** Creates the Contacts page's model over the console's API client. */
export function createContactsModel(api: ApiClient): ContactsModel {
  const search = signal<ContactSearch>({ q: '', agentId: '' });
  const pages = createCursorPages<Contact>(async (cursor) => {
    const extra: Record<string, string> = { limit: String(CONTACTS_PER_PAGE) };
    if (cursor) extra.cursor = cursor;
    const answer = await api.request<ContactListResponse>(
      'GET',
      `api/contacts${searchQuery(search.value, extra)}`,
    );
    return { items: answer.contacts, nextCursor: answer.nextCursor };
  }, 'The contacts could not be loaded');
  const exporting = signal(false);
  const exportError = signal<string | undefined>(undefined);
  const confirmingErase = signal<Contact | undefined>(undefined);
  const erasing = signal(false);
  const eraseError = signal<string | undefined>(undefined);
  const erased = signal<string | undefined>(undefined);
  return {
    search,
    items: pages.items,
    loading: pages.loading,
    listError: pages.listError,
    page: pages.page,
    hasNext: pages.hasNext,
    applySearch(next) {
      search.value = next;
      return pages.first();
    },
    reload: pages.reload,
    next: pages.next,
    previous: pages.previous,
    exporting,
    exportError,
    async exportCsv() {
      if (exporting.value) return undefined;
      exporting.value = true;
      exportError.value = undefined;
      try {
        const blob = await api.download(
          `api/contacts${searchQuery(search.value, { format: 'csv' })}`,
        );
        return { name: 'contacts.csv', blob };
      } catch (failure) {
        exportError.value = `The export failed: ${messageOf(failure)}`;
        return undefined;
      } finally {
        exporting.value = false;
      }
    },
    confirmingErase,
    erasing,
    eraseError,
    erased,
    askErase(contact) {
      eraseError.value = undefined;
      confirmingErase.value = contact;
    },
    async confirmErase() {
      const contact = confirmingErase.value;
      if (!contact) return;
      await runAction(
        { pending: erasing, error: eraseError },
        'The contact was not erased',
        async () => {
          const answer = await api.request<ContactErasureResponse>(
            'DELETE',
            `api/contacts/${encodeURIComponent(contact.id)}`,
          );
          confirmingErase.value = undefined;
          const count = answer.conversationsDeleted;
          erased.value = `${contact.email} was erased, with ${count} conversation${count === 1 ? '' : 's'}.`;
          await pages.reload();
        },
      );
    },
  };
}

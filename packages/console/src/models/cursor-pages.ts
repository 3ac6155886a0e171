import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { messageOf } from './session-model.js';

/** One page of a cursor-paged list, as the list routes answer it. */
export interface CursorPage<Item> {
  items: readonly Item[];
  nextCursor: string | null;
}

/** A cursor-paged list: the page shown, its state, and moves between pages. */
export interface CursorPages<Item> {
  items: ReadonlySignal<readonly Item[]>;
  loading: ReadonlySignal<boolean>;
  /** Why the list could not be loaded. */
  listError: ReadonlySignal<string | undefined>;
  /** 0 for the first (newest) page. */
  page: ReadonlySignal<number>;
  hasNext: ReadonlySignal<boolean>;
  /** Forgets the pages seen and shows the first one (after new filters). */
  first(): Promise<void>;
  /** Loads the current page again. */
  reload(): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
}

/**
 * The paging of the console's lists: remembers each page's cursor so that "previous" goes
 * back, ignores answers overtaken by a later request, and says `${failure}: <why>` when a
 * page cannot be loaded.
 */
export function createCursorPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<Item>>,
  failure: string,
): CursorPages<Item> {
  const items = signal<readonly Item[]>([]);
  const loading = signal(false);
  const listError = signal<string | undefined>(undefined);
  /** The cursor of each page seen so far (`undefined` for the first). */
  const cursors = signal<readonly (string | undefined)[]>([undefined]);
  const page = signal(0);
  const nextCursor = signal<string | null>(null);
  let latest = 0;

  async function show(index: number): Promise<void> {
    const call = ++latest;
    loading.value = true;
    try {
      const answer = await fetchPage(cursors.value[index]);
      if (call !== latest) return;
      items.value = answer.items;
      page.value = index;
      nextCursor.value = answer.nextCursor;
      cursors.value = [...cursors.value.slice(0, index + 1), answer.nextCursor ?? undefined];
      listError.value = undefined;
    } catch (error) {
      if (call === latest) listError.value = `${failure}: ${messageOf(error)}`;
    } finally {
      if (call === latest) loading.value = false;
    }
  }

  return {
    items,
    loading,
    listError,
    page,
    hasNext: computed(() => nextCursor.value !== null),
    first() {
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
  };
}

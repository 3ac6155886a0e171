import { computed, type ReadonlySignal, signal } from '@preact/signals';

/** One page of a list held in memory: what a table shows, with its controls. */
export interface PagedList<T> {
  items: ReadonlySignal<readonly T[]>;
  page: ReadonlySignal<number>;
  pageCount: ReadonlySignal<number>;
  pageItems: ReadonlySignal<readonly T[]>;
  set(items: readonly T[]): void;
  goTo(page: number): void;
}

/** Creates a client-side paginated list of `pageSize` items per page (page 0 first). */
export function createPagedList<T>(pageSize: number): PagedList<T> {
  const items = signal<readonly T[]>([]);
  const page = signal(0);
  const pageCount = computed(() => Math.max(1, Math.ceil(items.value.length / pageSize)));
  const pageItems = computed(() =>
    items.value.slice(page.value * pageSize, (page.value + 1) * pageSize),
  );
  return {
    items,
    page,
    pageCount,
    pageItems,
    set(next) {
      items.value = next;
      if (page.value >= pageCount.value) page.value = pageCount.value - 1;
    },
    goTo(next) {
      page.value = Math.min(Math.max(0, next), pageCount.value - 1);
    },
  };
}

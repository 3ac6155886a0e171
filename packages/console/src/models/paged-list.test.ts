import { describe, expect, it } from 'vitest';
import { createPagedList } from './paged-list.js';

describe('createPagedList', () => {
  it('shows one page of the items, and keeps the page in range as they change', () => {
    const list = createPagedList<number>(3);
    expect(list.pageCount.value).toBe(1);
    expect(list.pageItems.value).toEqual([]);
    list.set([1, 2, 3, 4, 5, 6, 7]);
    expect(list.pageCount.value).toBe(3);
    expect(list.pageItems.value).toEqual([1, 2, 3]);
    list.goTo(2);
    expect(list.pageItems.value).toEqual([7]);
    list.goTo(9);
    expect(list.page.value).toBe(2);
    list.goTo(-1);
    expect(list.page.value).toBe(0);
    list.goTo(2);
    // Fewer items: the last page that still exists.
    list.set([1, 2, 3, 4]);
    expect(list.page.value).toBe(1);
    expect(list.pageItems.value).toEqual([4]);
    list.set([]);
    expect(list.page.value).toBe(0);
    expect(list.pageCount.value).toBe(1);
  });
});

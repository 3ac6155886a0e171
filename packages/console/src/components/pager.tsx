import type { PagedList } from '../models/paged-list.js';

/** Previous/next controls of a paginated list, announced as "Page n of m". */
export function Pager(props: {
  label: string;
  list: Pick<PagedList<unknown>, 'page' | 'pageCount' | 'goTo'>;
}) {
  const page = props.list.page.value;
  const pageCount = props.list.pageCount.value;
  if (pageCount <= 1) return null;
  return (
    <nav class="pager" aria-label={props.label}>
      <button
        type="button"
        class="secondary"
        disabled={page === 0}
        onClick={() => props.list.goTo(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page + 1} of {pageCount}
      </span>
      <button
        type="button"
        class="secondary"
        disabled={page >= pageCount - 1}
        onClick={() => props.list.goTo(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

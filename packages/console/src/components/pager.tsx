/** Previous/next controls of a paginated list, announced as "Page n of m". */
export function Pager(props: {
  label: string;
  page: number;
  pageCount: number;
  onPage(page: number): void;
}) {
  if (props.pageCount <= 1) return null;
  return (
    <nav class="pager" aria-label={props.label}>
      <button
        type="button"
        class="secondary"
        disabled={props.page === 0}
        onClick={() => props.onPage(props.page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {props.page + 1} of {props.pageCount}
      </span>
      <button
        type="button"
        class="secondary"
        disabled={props.page >= props.pageCount - 1}
        onClick={() => props.onPage(props.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

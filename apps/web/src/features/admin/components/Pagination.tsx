interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is being counted, e.g. "buyers", for the summary line. */
  noun: string;
  onPageChange: (page: number) => void;
}

/** "Showing 25–48 of 57 buyers" with previous and next buttons when there is more than one page. */
export function Pagination({ page, pageSize, total, noun, onPageChange }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <nav aria-label={`Pages of ${noun}`} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-base-content/75" aria-live="polite">
        {total === 0 ? `No ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`}
      </p>
      {pages > 1 ? (
        <div className="join">
          <button
            type="button"
            className="btn join-item btn-sm"
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
          >
            Previous
          </button>
          <span
            className="btn join-item btn-sm pointer-events-none bg-base-100 tabular-nums"
            aria-current="page"
          >
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn join-item btn-sm"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= pages}
          >
            Next
          </button>
        </div>
      ) : null}
    </nav>
  );
}

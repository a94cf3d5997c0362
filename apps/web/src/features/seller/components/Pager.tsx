interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "My products pages". */
  label: string;
}

/** Previous / next through a paginated list, with where you are in words. */
export function Pager({ page, pageSize, total, onChange, label }: PagerProps) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-3">
      <button type="button" className="btn btn-sm" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        <span aria-hidden="true">‹</span> Previous
      </button>
      <span className="text-sm tabular-nums text-base-content/80">
        Page {page} of {last}
      </span>
      <button type="button" className="btn btn-sm" onClick={() => onChange(page + 1)} disabled={page >= last}>
        Next <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}

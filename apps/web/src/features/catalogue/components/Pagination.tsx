import { Link, type To } from 'react-router';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  linkTo: (page: number) => To;
}

/** Page numbers around the current one, the first and the last, with gaps marked. */
function visiblePages(page: number, last: number): (number | 'gap')[] {
  const wanted = new Set([1, last, page - 1, page, page + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push('gap');
    result.push(n);
  }
  return result;
}

/** Real links, so every page has its own address and opens in a new tab like any other link. */
export function Pagination({ page, pageSize, total, linkTo }: PaginationProps) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  const itemClass = 'join-item btn btn-sm sm:btn-md';

  return (
    <nav aria-label="Pagination" className="flex justify-center">
      <ul className="join">
        <li>
          {page > 1 ? (
            <Link to={linkTo(page - 1)} className={itemClass} rel="prev">
              <span aria-hidden="true">‹</span>
              <span className="sr-only sm:not-sr-only">Previous</span>
            </Link>
          ) : (
            <span className={`${itemClass} btn-disabled`} aria-disabled="true">
              <span aria-hidden="true">‹</span>
              <span className="sr-only sm:not-sr-only">Previous</span>
            </span>
          )}
        </li>
        {visiblePages(page, last).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`}>
              <span className={`${itemClass} btn-disabled`} aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={item}>
              <Link
                to={linkTo(item)}
                className={`${itemClass} ${item === page ? 'btn-active btn-primary' : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < last ? (
            <Link to={linkTo(page + 1)} className={itemClass} rel="next">
              <span className="sr-only sm:not-sr-only">Next</span>
              <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className={`${itemClass} btn-disabled`} aria-disabled="true">
              <span className="sr-only sm:not-sr-only">Next</span>
              <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

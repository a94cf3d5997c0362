import { Link, type To } from 'react-router';
import { formatNumber, t } from '@furniture-mart/shared';

interface PaginationBase {
  page: number;
  pageSize: number;
  total: number;
  /** Names the navigation landmark, e.g. "My products pages". */
  label: string;
  /**
   * What is counted, e.g. "buyers": adds "Showing 25–48 of 57 buyers", shown even on a single page
   * (an empty list shows no pagination at all).
   */
  noun?: string;
}

interface LinkPaginationProps extends PaginationBase {
  /** Link mode, for pages with an address of their own: every page is a real link. */
  linkTo: (page: number) => To;
  onPageChange?: never;
}

interface ButtonPaginationProps extends PaginationBase {
  /** Button mode, for lists inside a page or a dialog: previous and next buttons. */
  onPageChange: (page: number) => void;
  linkTo?: never;
}

export type PaginationProps = LinkPaginationProps | ButtonPaginationProps;

/** Page numbers around the current one, the first and the last, with gaps marked. */
export function visiblePages(page: number, last: number): (number | 'gap')[] {
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

const itemClass = 'join-item btn btn-sm sm:btn-md';

/** Moves through a paged list: numbered links (link mode) or previous / next buttons (button mode). */
export function Pagination(props: PaginationProps) {
  const { page, pageSize, total, label, noun } = props;
  const last = Math.max(1, Math.ceil(total / pageSize));
  // An empty list says so itself (the table's "no data" row); a second "No buyers" under it is noise.
  if (total === 0 || (last <= 1 && !noun)) return null;

  const controls =
    last <= 1 ? null : props.linkTo ? (
      <PageLinks page={page} last={last} linkTo={props.linkTo} />
    ) : (
      <PageButtons page={page} last={last} onPageChange={props.onPageChange} />
    );

  if (!noun) {
    return (
      <nav aria-label={label} className="flex justify-center">
        {controls}
      </nav>
    );
  }
  const first = (page - 1) * pageSize + 1;
  const lastShown = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-base-content/75" aria-live="polite">
        {t('ui.showing', { first, last: lastShown, total, noun })}
      </p>
      {controls}
    </nav>
  );
}

function Previous() {
  return (
    <>
      <span aria-hidden="true">‹</span>
      <span className="sr-only sm:not-sr-only">{t('ui.previous')}</span>
    </>
  );
}

function Next() {
  return (
    <>
      <span className="sr-only sm:not-sr-only">{t('ui.next')}</span>
      <span aria-hidden="true">›</span>
    </>
  );
}

/** Real links, so every page has its own address and opens in a new tab like any other link. */
function PageLinks({ page, last, linkTo }: { page: number; last: number; linkTo: (page: number) => To }) {
  return (
    <ul className="join">
      <li>
        {page > 1 ? (
          <Link to={linkTo(page - 1)} className={itemClass} rel="prev">
            <Previous />
          </Link>
        ) : (
          <span className={`${itemClass} btn-disabled`} aria-disabled="true">
            <Previous />
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
              aria-label={t('ui.page', { page: item })}
            >
              {formatNumber(item)}
            </Link>
          </li>
        ),
      )}
      <li>
        {page < last ? (
          <Link to={linkTo(page + 1)} className={itemClass} rel="next">
            <Next />
          </Link>
        ) : (
          <span className={`${itemClass} btn-disabled`} aria-disabled="true">
            <Next />
          </span>
        )}
      </li>
    </ul>
  );
}

function PageButtons({
  page,
  last,
  onPageChange,
}: {
  page: number;
  last: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <div className="join">
      <button type="button" className={itemClass} onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <Previous />
      </button>
      <span className={`${itemClass} pointer-events-none bg-base-100 tabular-nums`} aria-current="page">
        Page {page} of {last}
      </span>
      <button
        type="button"
        className={itemClass}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= last}
      >
        <Next />
      </button>
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buyerMessages, type ProductCard } from '@furniture-mart/shared';
import { useAuth } from '../../auth/api';
import { BookingDialog } from './BookingDialog';
import { ReportDialog } from './ReportDialog';

/**
 * The Report and Book Now buttons under a product card. Only buyers book and report: a signed-in seller
 * or admin sees both disabled with the reason, and a visitor is sent to sign in first.
 */
export function ProductCardActions({ product }: { product: ProductCard }) {
  const auth = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState<'book' | 'report' | null>(null);
  const bookRef = useRef<HTMLButtonElement>(null);
  const reportRef = useRef<HTMLButtonElement>(null);
  const reasonId = useId();

  if (auth.status === 'loading') {
    return (
      <div className="flex gap-2" data-product-id={product.id} aria-hidden="true">
        <span className="btn btn-outline btn-sm btn-disabled">Report</span>
        <span className="btn btn-primary btn-sm btn-disabled flex-1">Book Now</span>
      </div>
    );
  }

  if (auth.status === 'signedOut') {
    const toLogin = { pathname: '/login' };
    return (
      <div className="flex gap-2" data-product-id={product.id}>
        <Link to={toLogin} state={{ from: location }} className="btn btn-outline btn-sm">
          Report
        </Link>
        <Link to={toLogin} state={{ from: location }} className="btn btn-primary btn-sm flex-1">
          Book Now
        </Link>
      </div>
    );
  }

  const { me } = auth;
  const canAct = me.isBuyer;

  return (
    <div className="space-y-1.5" data-product-id={product.id}>
      <div className="flex gap-2">
        <button
          ref={reportRef}
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!canAct}
          aria-describedby={canAct ? undefined : reasonId}
          aria-haspopup="dialog"
          onClick={() => setOpen('report')}
        >
          Report<span className="sr-only"> {product.title}</span>
        </button>
        <button
          ref={bookRef}
          type="button"
          className="btn btn-primary btn-sm flex-1"
          disabled={!canAct}
          aria-describedby={canAct ? undefined : reasonId}
          aria-haspopup="dialog"
          onClick={() => setOpen('book')}
        >
          Book Now<span className="sr-only">: {product.title}</span>
        </button>
      </div>
      {canAct ? null : (
        <p id={reasonId} className="text-xs text-base-content/70">
          {buyerMessages.onlyBuyers}
        </p>
      )}
      {open === 'book' ? (
        <BookingDialog product={product} me={me} onClose={() => setOpen(null)} returnFocusRef={bookRef} />
      ) : null}
      {open === 'report' ? (
        <ReportDialog product={product} onClose={() => setOpen(null)} returnFocusRef={reportRef} />
      ) : null}
    </div>
  );
}

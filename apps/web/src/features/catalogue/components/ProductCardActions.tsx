import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buyerMessages, catalogueMessages, type ProductCard } from '@furniture-mart/shared';
import { useAuth } from '../../../lib/session';
import { useOpenBookingsByProduct } from '../productApi';

// The dialogs bring the form library; cards also show on public pages (Popular furniture on the home
// page), so the dialogs load when a buyer is about to use one, not with the cards.
const loadBookingDialog = () => import('./BookingDialog');
const loadReportDialog = () => import('./ReportDialog');
const BookingDialog = lazy(async () => ({ default: (await loadBookingDialog()).BookingDialog }));
const ReportDialog = lazy(async () => ({ default: (await loadReportDialog()).ReportDialog }));

/** Starts fetching a dialog's code as soon as the pointer or focus reaches its button. */
function preload(load: () => Promise<unknown>) {
  return () => {
    load().catch(() => {
      // Opening the dialog asks again and shows the error there.
    });
  };
}

/**
 * The Report and Book Now buttons under a product card. Only buyers book and report: a signed-in seller
 * or admin sees both disabled with the reason, and a visitor is sent to sign in first. A buyer who
 * already booked the piece is led to that order instead.
 */
export function ProductCardActions({ product }: { product: ProductCard }) {
  const auth = useAuth();
  const location = useLocation();
  const openBookings = useOpenBookingsByProduct();
  const [open, setOpen] = useState<'book' | 'report' | null>(null);
  // Book Now's place: the button, or the link to the order once booked, where focus returns after the
  // booking dialog closes.
  const bookRef = useRef<HTMLElement | null>(null);
  const bookSlot = (element: HTMLElement | null) => {
    bookRef.current = element;
  };
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
  const bookingId = openBookings?.get(product.id);

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
          onPointerEnter={preload(loadReportDialog)}
          onFocus={preload(loadReportDialog)}
          onClick={() => setOpen('report')}
        >
          Report<span className="sr-only"> {product.title}</span>
        </button>
        {bookingId ? (
          <Link
            ref={bookSlot}
            to={`/dashboard/orders/${bookingId}`}
            className="btn btn-primary btn-sm flex-1"
            aria-label={`Open your order: ${product.title}`}
            aria-describedby={reasonId}
          >
            Open your order
          </Link>
        ) : (
          <button
            ref={bookSlot}
            type="button"
            className="btn btn-primary btn-sm flex-1"
            disabled={!canAct}
            aria-describedby={canAct ? undefined : reasonId}
            aria-haspopup="dialog"
            onPointerEnter={preload(loadBookingDialog)}
            onFocus={preload(loadBookingDialog)}
            onClick={() => setOpen('book')}
          >
            Book Now<span className="sr-only">: {product.title}</span>
          </button>
        )}
      </div>
      {bookingId ? (
        <p id={reasonId} className="text-xs text-base-content/70">
          {catalogueMessages.bookedByYou}
        </p>
      ) : canAct ? null : (
        <p id={reasonId} className="text-xs text-base-content/70">
          {buyerMessages.onlyBuyers}
        </p>
      )}
      <Suspense fallback={null}>
        {open === 'book' ? (
          <BookingDialog product={product} me={me} onClose={() => setOpen(null)} returnFocusRef={bookRef} />
        ) : null}
        {open === 'report' ? (
          <ReportDialog product={product} onClose={() => setOpen(null)} returnFocusRef={reportRef} />
        ) : null}
      </Suspense>
    </div>
  );
}

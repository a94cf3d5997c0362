import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { buyerMessages, catalogueMessages, type ProductCard } from '@furniture-mart/shared';
import { useOpenBookingsByProduct } from '../productApi';
import { useCardViewer } from './cardViewer';
import { preloadBookingDialog, preloadReportDialog, useProductActionDialogs } from './ProductActionDialogs';
import { t } from '@furniture-mart/shared';

/**
 * The Report and Book Now buttons under a product card. Only buyers book and report: a signed-in seller
 * or admin sees both disabled with the reason, and a visitor is sent to sign in first. A buyer who
 * already booked the piece is led to that order instead.
 */
export function ProductCardActions({ product }: { product: ProductCard }) {
  const { auth } = useCardViewer();
  // Its own subscription rather than the grid's: when the booking dialog closes on success, this card
  // must already show the link to the new order, where focus returns; the grid hears of it later.
  const openBookings = useOpenBookingsByProduct();
  const location = useLocation();
  const actions = useProductActionDialogs(product, auth.status === 'signedIn' ? auth.me : null);
  const reasonId = useId();

  if (auth.status === 'loading') {
    return (
      <div className="flex gap-2" data-product-id={product.id} aria-hidden="true">
        <span className="btn btn-outline btn-sm btn-disabled">{t('product.report')}</span>
        <span className="btn btn-primary btn-sm btn-disabled flex-1">{t('booking.title')}</span>
      </div>
    );
  }

  if (auth.status === 'signedOut') {
    const toLogin = { pathname: '/login' };
    return (
      <div className="flex gap-2" data-product-id={product.id}>
        <Link to={toLogin} state={{ from: location }} className="btn btn-outline btn-sm">
          {t('product.report')}
        </Link>
        <Link to={toLogin} state={{ from: location }} className="btn btn-primary btn-sm flex-1">
          {t('booking.title')}
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
          ref={actions.reportSlot}
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!canAct}
          aria-describedby={canAct ? undefined : reasonId}
          aria-haspopup="dialog"
          onPointerEnter={preloadReportDialog}
          onFocus={preloadReportDialog}
          onClick={actions.openReport}
        >
          {t('product.report')}
          <span className="sr-only"> {product.title}</span>
        </button>
        {bookingId ? (
          <Link
            ref={actions.bookSlot}
            to={`/dashboard/orders/${bookingId}`}
            className="btn btn-primary btn-sm flex-1"
            aria-label={t('product.openYourOrderFor', { title: product.title })}
            aria-describedby={reasonId}
          >
            {t('product.openYourOrder')}
          </Link>
        ) : (
          <button
            ref={actions.bookSlot}
            type="button"
            className="btn btn-primary btn-sm flex-1"
            disabled={!canAct}
            aria-describedby={canAct ? undefined : reasonId}
            aria-haspopup="dialog"
            onPointerEnter={preloadBookingDialog}
            onFocus={preloadBookingDialog}
            onClick={actions.openBooking}
          >
            {t('booking.title')}
            <span className="sr-only">: {product.title}</span>
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
      {actions.dialogs}
    </div>
  );
}

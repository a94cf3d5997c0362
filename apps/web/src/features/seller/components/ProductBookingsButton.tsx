import { useRef, useState } from 'react';
import { ProductBookingsDialog } from './ProductBookingsDialog';
import { formatNumber, t } from '@furniture-mart/shared';

/**
 * Opens the list of bookings for one of the seller's products (buyer name, phone, meeting place).
 * Rendered in the seller's My Products table.
 */
export function ProductBookingsButton({
  productId,
  productTitle,
  openBookings,
  paidBookings = 0,
}: {
  productId: string;
  productTitle: string;
  openBookings: number;
  /** A sold item's paid booking counts too; it would otherwise read as "Bookings 0". */
  paidBookings?: number;
}) {
  const count = openBookings + paidBookings;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline btn-sm whitespace-nowrap"
        aria-haspopup="dialog"
        aria-label={
          paidBookings > 0
            ? t('sellerBookings.buttonLabelPaid', {
                title: productTitle,
                open: openBookings,
                paid: paidBookings,
              })
            : t('sellerBookings.buttonLabel', { title: productTitle, open: openBookings })
        }
        onClick={() => setOpen(true)}
      >
        {t('sellerBookings.button')}
        <span className={`badge badge-sm ${count > 0 ? 'badge-primary' : 'badge-ghost'}`}>
          {formatNumber(count)}
        </span>
      </button>
      {open ? (
        <ProductBookingsDialog
          productId={productId}
          productTitle={productTitle}
          onClose={() => setOpen(false)}
          returnFocusRef={buttonRef}
        />
      ) : null}
    </>
  );
}

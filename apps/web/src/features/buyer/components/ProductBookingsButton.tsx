import { useRef, useState } from 'react';
import { ProductBookingsDialog } from './ProductBookingsDialog';

/**
 * Opens the list of bookings for one of the seller's products (buyer name, phone, meeting place).
 * Rendered in the seller's My Products table; owned by the buyer feature.
 */
export function ProductBookingsButton({
  productId,
  productTitle,
  openBookings,
}: {
  productId: string;
  productTitle: string;
  openBookings: number;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline btn-sm whitespace-nowrap"
        aria-haspopup="dialog"
        aria-label={`Bookings for ${productTitle}: ${openBookings} open`}
        onClick={() => setOpen(true)}
      >
        Bookings
        <span className={`badge badge-sm ${openBookings > 0 ? 'badge-primary' : 'badge-ghost'}`}>
          {openBookings}
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

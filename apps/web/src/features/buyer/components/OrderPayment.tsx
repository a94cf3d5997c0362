import { Link } from 'react-router';
import type { Booking } from '@furniture-mart/shared';

/** The payment column of My Orders: paid, a Pay link, or why the booking was cancelled. */
export function OrderPayment({ booking }: { booking: Booking }) {
  if (booking.status === 'paid') {
    return <span className="badge badge-success badge-soft font-semibold">paid</span>;
  }
  if (booking.status === 'booked') {
    return (
      <Link
        to={`/dashboard/payment/${booking.id}`}
        className="btn btn-primary btn-sm"
        aria-label={`Pay for ${booking.product.title}`}
      >
        Pay
      </Link>
    );
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="badge badge-ghost font-semibold">cancelled</span>
      {booking.cancelReason ? (
        <span className="text-xs text-base-content/75">{booking.cancelReason}</span>
      ) : null}
    </span>
  );
}

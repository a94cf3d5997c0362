import type { ProductBooking } from '@furniture-mart/shared';

/** A booking's payment state as the seller reads it. */
export function BookingStatusLabel({
  booking,
}: {
  booking: Pick<ProductBooking, 'status' | 'cancelReason'>;
}) {
  if (booking.status === 'paid')
    return <span className="badge badge-success badge-soft font-semibold">paid</span>;
  if (booking.status === 'booked')
    return <span className="badge badge-warning badge-soft font-semibold">not paid yet</span>;
  return (
    <span className="badge badge-ghost font-semibold">
      cancelled{booking.cancelReason ? `: ${booking.cancelReason}` : ''}
    </span>
  );
}

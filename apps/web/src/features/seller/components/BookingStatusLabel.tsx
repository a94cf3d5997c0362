import type { ProductBooking } from '@furniture-mart/shared';

/** A booking's state as the seller reads it. */
export function BookingStatusLabel({
  booking,
}: {
  booking: Pick<ProductBooking, 'status' | 'cancelReason'>;
}) {
  if (booking.status === 'paid')
    return <span className="badge badge-success badge-soft font-semibold">paid</span>;
  if (booking.status === 'completed')
    return <span className="badge badge-success font-semibold">completed</span>;
  if (booking.status === 'booked')
    return <span className="badge badge-warning badge-soft font-semibold">not paid yet</span>;
  return (
    <span className="badge badge-ghost font-semibold">
      {booking.status}
      {booking.cancelReason ? `: ${booking.cancelReason}` : ''}
    </span>
  );
}

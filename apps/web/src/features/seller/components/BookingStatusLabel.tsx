import type { ProductBooking } from '@furniture-mart/shared';
import { bookingStatusLabels, cancelReasonLabel, t } from '@furniture-mart/shared';

/** A booking's state as the seller reads it. */
export function BookingStatusLabel({
  booking,
}: {
  booking: Pick<ProductBooking, 'status' | 'cancelReason'>;
}) {
  if (booking.status === 'paid')
    return <span className="badge badge-success badge-soft font-semibold">{bookingStatusLabels.paid}</span>;
  if (booking.status === 'completed')
    return <span className="badge badge-success font-semibold">{bookingStatusLabels.completed}</span>;
  if (booking.status === 'booked')
    return (
      <span className="badge badge-warning badge-soft font-semibold">{t('sellerBookings.notPaid')}</span>
    );
  return (
    <span className="badge badge-ghost font-semibold">
      {bookingStatusLabels[booking.status]}
      {booking.cancelReason ? `: ${cancelReasonLabel(booking.cancelReason)}` : ''}
    </span>
  );
}

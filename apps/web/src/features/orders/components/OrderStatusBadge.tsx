import { bookingStatusLabels, type BookingStatus } from '@furniture-mart/shared';

const tones: Record<BookingStatus, string> = {
  booked: 'badge-warning',
  reserved: 'badge-info',
  paid: 'badge-info',
  completed: 'badge-success',
  cancelled: 'badge-ghost',
  refunded: 'badge-neutral',
  refused: 'badge-error',
};

/** An order's status in the words a person sees: booked, paid, completed, cancelled, refunded,
 * refused at pickup. */
export function OrderStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span className={`badge badge-soft font-semibold ${tones[status]}`}>{bookingStatusLabels[status]}</span>
  );
}

import { Link } from 'react-router';
import { bookingStatusLabels, orderMessages, type Booking } from '@furniture-mart/shared';
import { cancelReasonLabel, overviewMessages, t } from '@furniture-mart/shared';

/**
 * The payment column of My Orders: a Pay link while booked; otherwise the status (paid, completed,
 * cancelled, refunded) with the reason, and a link to the order page with the seller's contact.
 */
export function OrderPayment({ booking }: { booking: Booking }) {
  if (booking.status === 'booked') {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <Link
          to={`/dashboard/payment/${booking.id}`}
          className="btn btn-primary btn-sm"
          aria-label={t('orders.payFor', { title: booking.product.title })}
        >
          {overviewMessages.pay}
        </Link>
        <OrderLink booking={booking} />
      </span>
    );
  }
  const tone =
    booking.status === 'paid' || booking.status === 'reserved'
      ? 'badge-success badge-soft'
      : booking.status === 'completed'
        ? 'badge-success'
        : booking.status === 'refunded'
          ? 'badge-neutral badge-soft'
          : 'badge-ghost';
  return (
    <span className="flex flex-col items-start gap-1">
      <span className={`badge font-semibold ${tone}`}>{bookingStatusLabels[booking.status]}</span>
      {booking.paymentMethod && booking.status !== 'cancelled' ? (
        <span className="text-xs text-base-content/75" data-testid="order-paid-by">
          {t('paymentMethod.paidBy', { method: t(`paymentMethod.${booking.paymentMethod}`) })}
        </span>
      ) : null}
      {booking.cancelReason && booking.status !== 'paid' && booking.status !== 'completed' ? (
        <span className="text-xs text-base-content/75">{cancelReasonLabel(booking.cancelReason)}</span>
      ) : null}
      {booking.status !== 'cancelled' ? <OrderLink booking={booking} /> : null}
    </span>
  );
}

function OrderLink({ booking }: { booking: Booking }) {
  return (
    <Link
      to={`/dashboard/orders/${booking.id}`}
      className="link link-primary text-sm"
      aria-label={`${orderMessages.viewOrder}: ${booking.product.title}`}
    >
      {orderMessages.viewOrder}
    </Link>
  );
}

import { Link } from 'react-router';
import {
  bookingStatusLabels,
  buyerMessages,
  formatDate,
  messages,
  t,
  orderCancelledMessage,
  paymentMessages,
  type Booking,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { TransactionId } from './PaymentSuccess';

/** Why there is nothing to pay: already paid, reserved for cash, cancelled, or the item is gone. */
export function BookingStateNotice({ booking }: { booking: Booking }) {
  if (booking.status === 'paid') {
    return (
      <section role="status" className="card border border-success/40 bg-success/10">
        <div className="card-body items-start gap-3">
          <h2 className="flex items-center gap-2 text-xl font-bold">
            <span className="badge badge-success">{bookingStatusLabels.paid}</span>
            {paymentMessages.alreadyPaid}
          </h2>
          {booking.paidAt ? (
            <p className="text-base-content/80">
              {t('payment.paidOn', {
                date: formatDate(booking.paidAt, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </p>
          ) : null}
          {booking.transactionId ? <TransactionId id={booking.transactionId} /> : null}
          <MyOrdersLink />
        </div>
      </section>
    );
  }
  if (booking.status === 'reserved') {
    return (
      <Alert
        tone="info"
        action={
          <Link to={`/dashboard/orders/${booking.id}`} className="btn btn-sm">
            {t('orders.viewOrder')}
          </Link>
        }
      >
        {t('cash.reservedNotice')}
      </Alert>
    );
  }
  const message =
    booking.status === 'cancelled'
      ? orderCancelledMessage(booking.cancelReason)
      : booking.product.status === 'sold'
        ? messages.productSold
        : buyerMessages.productUnavailable;
  return (
    <Alert tone="warning" role="alert" action={<MyOrdersLink />}>
      {message}
    </Alert>
  );
}

function MyOrdersLink() {
  return (
    <Link to="/dashboard/myOrders" className="btn btn-sm">
      {t('payment.goToMyOrders')}
    </Link>
  );
}

import type { Booking } from '@furniture-mart/shared';
import { Price } from '../../../components/ui/Price';
import { t } from '@furniture-mart/shared';

interface OrderSummaryProps {
  booking: Booking;
  /** The amount checkout answered (the product's price now); the booked price until it has. */
  amountCents: number;
  currency: string;
}

/** Who pays, for what, and how much. */
export function OrderSummary({ booking, amountCents, currency }: OrderSummaryProps) {
  const cover = booking.product.cover;
  return (
    <section aria-labelledby="order-summary-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <h2 id="order-summary-title" className="card-title text-lg">
          {t('payment.summary')}
        </h2>
        <div className="flex items-center gap-3">
          {cover ? (
            <img
              src={cover.thumbUrl}
              width={cover.thumbWidth}
              height={cover.thumbHeight}
              alt=""
              className="h-16 w-16 shrink-0 rounded-box object-cover"
            />
          ) : null}
          <p className="min-w-0 font-semibold break-words">{booking.product.title}</p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-base-content/70">{t('booking.name')}</dt>
          <dd className="min-w-0 break-words font-medium">{booking.buyer.name}</dd>
          <dt className="text-base-content/70">{t('booking.email')}</dt>
          <dd className="min-w-0 break-all font-medium">{booking.buyer.email}</dd>
          <dt className="self-center text-base-content/70">{t('payment.amount')}</dt>
          <dd>
            <Price cents={amountCents} currency={currency} className="text-2xl font-bold text-primary" />
          </dd>
        </dl>
      </div>
    </section>
  );
}

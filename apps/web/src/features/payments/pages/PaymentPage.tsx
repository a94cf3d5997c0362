import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { notify } from '../../../components/ui/Toasts';
import { formatMoney, messages, type Booking, type PaymentResult } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { PageSpinner, Spinner } from '../../../components/ui/Spinner';
import { errorMessage, isApiError } from '../../../lib/api';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { useConfig } from '../../../lib/session';
import { useBookingForPayment, useCheckout } from '../api';
import { BookingStateNotice } from '../components/BookingStateNotice';
import { OrderSummary } from '../components/OrderSummary';
import { PaymentSuccess } from '../components/PaymentSuccess';
import { SandboxCardForm } from '../components/SandboxCardForm';
import { formatDate, t } from '@furniture-mart/shared';
import { MessageWith } from '../../../components/MessageWith';

// Stripe.js is only fetched when Stripe is the provider.
const StripeCardForm = lazy(() => import('../components/StripeCardForm'));

export function PaymentPage() {
  const { id = '' } = useParams();
  const booking = useBookingForPayment(id);
  const config = useConfig();
  const [result, setResult] = useState<PaymentResult | null>(null);

  if (booking.isPending || config.isPending) return <PageSpinner />;
  if (booking.isError) {
    // Someone else's booking answers exactly like one that does not exist.
    if (isApiError(booking.error) && [400, 404].includes(booking.error.status)) return <NotFoundPage />;
    return (
      <Alert tone="error" onRetry={() => void booking.refetch()}>
        {errorMessage(booking.error)}
      </Alert>
    );
  }
  if (config.isError)
    return (
      <Alert tone="error" onRetry={() => void config.refetch()}>
        {errorMessage(config.error)}
      </Alert>
    );

  const onPaid = (paid: PaymentResult) => {
    setResult(paid);
    notify.success(messages.paymentSuccessToast);
  };

  return (
    <section className="space-y-6">
      <DocumentTitle title={t('payment.title')} />
      <header className="space-y-1">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{t('payment.title')}</h1>
        <p className="text-base-content/80">
          {booking.data.status === 'booked'
            ? t('payment.payByCard', { title: booking.data.product.title })
            : booking.data.product.title}
        </p>
      </header>
      {result ? (
        <PaymentSuccess result={result} />
      ) : (
        <PaymentArea booking={booking.data} provider={config.data.payments} onPaid={onPaid} />
      )}
    </section>
  );
}

interface PaymentAreaProps {
  booking: Booking;
  provider: { provider: 'sandbox' | 'stripe'; publishableKey: string | null };
  onPaid: (result: PaymentResult) => void;
}

function PaymentArea({ booking, provider, onPaid }: PaymentAreaProps) {
  const payable = booking.status === 'booked' && booking.product.status === 'available';
  const checkout = useCheckout(booking.id, payable);

  if (!payable) {
    return (
      <div className="grid max-w-5xl gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <OrderSummary booking={booking} amountCents={booking.priceCents} currency={booking.currency} />
        </div>
        <div className="lg:col-span-3">
          <BookingStateNotice booking={booking} />
        </div>
      </div>
    );
  }

  const amountCents = checkout.data?.amountCents ?? booking.priceCents;
  const currency = checkout.data?.currency ?? booking.currency;
  const amountLabel = formatMoney(amountCents, currency);
  const holdUntil = checkout.data ? new Date(checkout.data.holdExpiresAt) : null;

  return (
    <div className="grid max-w-5xl gap-6 lg:grid-cols-5">
      <div className="space-y-3 lg:col-span-2">
        <OrderSummary booking={booking} amountCents={amountCents} currency={currency} />
        {holdUntil ? (
          <p className="text-sm text-base-content/75">
            <MessageWith
              message={(time) => t('payment.heldUntil', { time })}
              slot={
                <time dateTime={holdUntil.toISOString()}>
                  {formatDate(holdUntil, { hour: 'numeric', minute: '2-digit' })}
                </time>
              }
            />
          </p>
        ) : null}
      </div>
      <section aria-labelledby="card-title" className="card border border-base-300 bg-base-100 lg:col-span-3">
        <div className="card-body gap-4">
          <h2 id="card-title" className="card-title text-lg">
            {t('payment.cardDetails')}
          </h2>
          {checkout.isError ? (
            <Alert tone="error" onRetry={() => void checkout.refetch()}>
              {errorMessage(checkout.error)}
            </Alert>
          ) : null}
          {provider.provider === 'stripe' ? (
            checkout.data?.clientSecret && provider.publishableKey ? (
              <Suspense fallback={<Spinner label={t('payment.loadingCardForm')} />}>
                <StripeCardForm
                  bookingId={booking.id}
                  publishableKey={provider.publishableKey}
                  clientSecret={checkout.data.clientSecret}
                  amountLabel={amountLabel}
                  buyer={booking.buyer}
                  onPaid={onPaid}
                />
              </Suspense>
            ) : checkout.isPending ? (
              <Spinner label={t('payment.preparing')} />
            ) : null
          ) : (
            <SandboxCardForm
              bookingId={booking.id}
              amountLabel={amountLabel}
              defaultName={booking.buyer.name}
              disabled={!checkout.data}
              onPaid={onPaid}
            />
          )}
        </div>
      </section>
    </div>
  );
}

import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../components/ui/Toasts';
import {
  formatMoney,
  messages,
  type Booking,
  type PaymentMethod,
  type PaymentResult,
  type PublicConfig,
} from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { PageSpinner, Spinner } from '../../../components/ui/Spinner';
import { errorMessage, isApiError } from '../../../lib/api';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { useConfig } from '../../../lib/session';
import {
  useAcceptsCash,
  useBookingForPayment,
  useCheckout,
  useConfirmPayment,
  useStartCheckout,
} from '../api';
import { BookingStateNotice } from '../components/BookingStateNotice';
import { OrderSummary } from '../components/OrderSummary';
import { PaymentSuccess } from '../components/PaymentSuccess';
import { SandboxCardForm } from '../../../components/SandboxCardForm';
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
            ? t('payment.payFor', { title: booking.data.product.title })
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
  provider: PublicConfig['payments'];
  onPaid: (result: PaymentResult) => void;
}

function PaymentArea({ booking, provider, onPaid }: PaymentAreaProps) {
  const payable = booking.status === 'booked' && booking.product.status === 'available';
  const acceptsCash = useAcceptsCash(booking.product.id, payable && provider.methods.includes('cash'));
  // What the shop offers (PAYMENT_METHODS), cash only where this listing's seller takes it.
  const methods = provider.methods.filter((each) => each !== 'cash' || acceptsCash.data === true);
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] ?? 'card');
  const checkout = useCheckout(booking.id, payable && method === 'card');
  const confirm = useConfirmPayment(booking.id);

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
        {holdUntil && method === 'card' ? (
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
      <div className="space-y-4 lg:col-span-3">
        {methods.length > 1 ? <MethodChooser methods={methods} value={method} onChange={setChosen} /> : null}
        {method === 'card' ? (
          <section aria-labelledby="card-title" className="card border border-base-300 bg-base-100">
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
                  submitLabel={t('payment.pay', { amount: amountLabel })}
                  defaultName={booking.buyer.name}
                  disabled={!checkout.data}
                  onCard={async (card) => onPaid(await confirm.mutateAsync(card))}
                />
              )}
            </div>
          </section>
        ) : (
          <OtherMethod booking={booking} method={method} provider={provider} amountLabel={amountLabel} />
        )}
      </div>
    </div>
  );
}

/** Card, wallet or cash: the ways to pay this piece, as large radio cards. */
function MethodChooser({
  methods,
  value,
  onChange,
}: {
  methods: PaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-lg font-semibold">{t('payments.chooseHeading')}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {methods.map((each) => (
          <label
            key={each}
            className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-box border-2 p-3 ${
              value === each ? 'border-primary bg-primary/5' : 'border-base-300 bg-base-100'
            }`}
          >
            <input
              type="radio"
              name="payment-method"
              className="radio radio-primary"
              checked={value === each}
              onChange={() => onChange(each)}
            />
            <span className="font-medium">{t(`paymentMethod.${each}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The wallet (sent to its page) or cash at pickup (reserved now, code at once). */
function OtherMethod({
  booking,
  method,
  provider,
  amountLabel,
}: {
  booking: Booking;
  method: Exclude<PaymentMethod, 'card'>;
  provider: PublicConfig['payments'];
  amountLabel: string;
}) {
  const start = useStartCheckout(booking.id);
  const navigate = useNavigate();
  const go = async () => {
    try {
      const answer = await start.mutateAsync(method);
      if (answer.method === 'wallet' && answer.redirectUrl) {
        // The wallet's own page (or the sandbox's): a full navigation, as bKash's page is elsewhere.
        window.location.assign(answer.redirectUrl);
        return;
      }
      notify.success(t('cash.reservedToast'));
      void navigate(`/dashboard/orders/${booking.id}`);
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <section aria-labelledby="method-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <h2 id="method-title" className="card-title text-lg">
          {t(`paymentMethod.${method}`)}
        </h2>
        {method === 'wallet' ? (
          <>
            <p className="text-base-content/80">{t('payments.walletHelp')}</p>
            {provider.wallet === 'wallet_sandbox' ? (
              <Alert tone="info">{t('payments.walletSandboxNote')}</Alert>
            ) : null}
          </>
        ) : (
          <>
            <p className="text-base-content/80">{t('cash.reserveHelp', { hours: provider.cashHoldHours })}</p>
            <p className="text-sm text-base-content/70">{t('cash.nothingOnline')}</p>
          </>
        )}
        {start.isError ? <Alert tone="error">{errorMessage(start.error)}</Alert> : null}
        <button
          type="button"
          className="btn btn-primary btn-lg h-auto min-h-12 py-3 leading-snug"
          disabled={start.isPending}
          onClick={() => void go()}
        >
          {start.isPending ? <span className="loading loading-spinner" aria-hidden="true" /> : null}
          {method === 'wallet'
            ? `${t('payments.payByWallet')} · ${amountLabel}`
            : t('payments.reserveForCash')}
        </button>
      </div>
    </section>
  );
}

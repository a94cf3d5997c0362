/**
 * Stripe Elements: the card is typed into Stripe's own frame and confirmed with Stripe from the
 * browser, so it never touches our server; then our server asks Stripe what happened and settles.
 * This module (and Stripe.js with it) is loaded only when the provider is Stripe.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { PaymentResult } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { webMessages } from '@furniture-mart/shared';
import { useConfirmPayment } from '../api';
import { loadStripe } from '../stripeJs';
import { t } from '@furniture-mart/shared';

interface StripeCardFormProps {
  bookingId: string;
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  buyer: { name: string; email: string };
  onPaid: (result: PaymentResult) => void;
}

const AUTHORIZED = new Set(['requires_capture', 'succeeded']);

export default function StripeCardForm({
  bookingId,
  publishableKey,
  clientSecret,
  amountLabel,
  buyer,
  onPaid,
}: StripeCardFormProps) {
  const confirm = useConfirmPayment(bookingId);
  const mountRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const loaded = await loadStripe(publishableKey);
      if (cancelled || !mountRef.current) return;
      const card = loaded.elements().create('card', { hidePostalCode: true });
      card.mount(mountRef.current);
      card.on('change', (event) => setCardError(event.error?.message ?? null));
      cardRef.current = card;
      setStripe(loaded);
    })().catch(() => {
      if (!cancelled) setCardError(webMessages.unexpectedError);
    });
    return () => {
      cancelled = true;
      cardRef.current?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !cardRef.current || processing) return;
    setProcessing(true);
    setCardError(null);
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card: cardRef.current, billing_details: { name: buyer.name, email: buyer.email } },
      });
      // An earlier attempt may already have authorized the card; then only our side is left to do.
      const status = paymentIntent?.status ?? error?.payment_intent?.status;
      if (!status || !AUTHORIZED.has(status)) {
        setCardError(error?.message ?? webMessages.unexpectedError);
        return;
      }
      onPaid(await confirm.mutateAsync({}));
    } catch (failure) {
      setCardError(errorMessage(failure));
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label={t('payment.cardDetails')}>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">{t('payment.card')}</span>
        <div ref={mountRef} className="input w-full items-center" />
        {stripe ? null : <Spinner size="sm" label={t('payment.loadingCardForm')} />}
      </div>
      <SubmitButton
        pending={processing}
        disabled={!stripe}
        pendingLabel={t('payment.processing')}
        className="btn-primary w-full"
      >
        {t('payment.pay', { amount: amountLabel })}
      </SubmitButton>
      <Alert tone="error" takeFocus data-testid="card-error">
        {cardError}
      </Alert>
    </form>
  );
}

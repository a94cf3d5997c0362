import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney, t, type Offer } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage, isApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/session';
import { SandboxCardForm } from '../../../components/SandboxCardForm';
import { useAnswerOffer, useConfirmOffer, useOffer, useOfferCheckout } from '../api';
import { OfferSummary } from '../components/OfferSummary';

/** One offer, with the buttons of whoever must act on it now. */
export function OfferPage() {
  const { id = '' } = useParams();
  const offer = useOffer(id);
  const auth = useAuth();
  if (offer.isPending || auth.status === 'loading') return <Spinner label={t('offer.myOffers')} />;
  if (!offer.data) return <Alert tone="error">{errorMessage(offer.error)}</Alert>;
  const me = auth.status === 'signedIn' ? auth.me.user : null;
  const data = offer.data;
  const isBuyer = me?.id === data.buyerId;
  const isSeller = me?.id === data.sellerId;

  return (
    <section className="mx-auto max-w-xl space-y-5" data-testid="offer-page">
      <DocumentTitle title={data.productTitle} />
      <header className="space-y-1">
        <p className="text-sm text-base-content/70">
          <Link to="/dashboard/offers" className="link link-hover">
            {t('offer.myOffers')}
          </Link>
        </p>
        <h1 className="font-display text-3xl font-bold">
          <Link to={`/products/${data.productId}`} className="link link-hover">
            {data.productTitle}
          </Link>
        </h1>
      </header>
      <div className="rounded-box border border-base-300 bg-base-100 p-4">
        <OfferSummary offer={data} />
      </div>
      {data.status === 'accepted' && data.bookingId ? (
        <Alert
          tone="success"
          role="status"
          action={
            <Link
              to={`/dashboard/orders/${data.bookingId}`}
              className="btn btn-primary btn-sm"
              data-testid="offer-order"
            >
              {t('offer.openOrder')}
            </Link>
          }
        >
          {isBuyer
            ? t('offer.youAccepted', {
                amount: formatMoney(data.counterAmountCents ?? data.amountCents, data.currency),
              })
            : t('offer.accepted')}
        </Alert>
      ) : null}
      {isBuyer ? <BuyerActions offer={data} name={me?.name ?? ''} /> : null}
      {isSeller ? <SellerActions offer={data} /> : null}
    </section>
  );
}

function BuyerActions({ offer, name }: { offer: Offer; name: string }) {
  const answer = useAnswerOffer(offer.id);
  const [confirming, setConfirming] = useState(false);
  const paying = offer.status === 'awaiting_payment' || offer.status === 'countered';
  const checkout = useOfferCheckout(offer.id, paying);
  const confirm = useConfirmOffer(offer.id);
  const live = paying || offer.status === 'open';
  if (!live) return null;
  const amount = checkout.data ? formatMoney(checkout.data.amountCents, checkout.data.currency) : '';
  return (
    <div className="space-y-4">
      {paying ? (
        <div className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4">
          <p>
            {offer.status === 'countered'
              ? t('offer.takeCounterLead', { amount })
              : t('offer.cardLead', { amount })}
          </p>
          {checkout.error ? <Alert tone="error">{errorMessage(checkout.error)}</Alert> : null}
          <SandboxCardForm
            defaultName={name}
            disabled={!checkout.data}
            submitLabel={
              offer.status === 'countered'
                ? t('offer.takeCounterButton', { amount })
                : t('offer.holdButton', { amount })
            }
            onCard={async (card) => {
              await confirm.mutateAsync(card);
            }}
          />
        </div>
      ) : null}
      <button type="button" className="btn btn-outline btn-error" onClick={() => setConfirming(true)}>
        {t('offer.withdraw')}
      </button>
      <Alert tone="error">{answer.withdraw.error ? errorMessage(answer.withdraw.error) : null}</Alert>
      <ConfirmDialog
        open={confirming}
        title={t('offer.withdraw')}
        message={t('offer.withdrawConfirm')}
        destructive
        busy={answer.withdraw.isPending}
        onConfirm={() => {
          answer.withdraw.mutate(undefined, { onSettled: () => setConfirming(false) });
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

function SellerActions({ offer }: { offer: Offer }) {
  const answer = useAnswerOffer(offer.id);
  const [mode, setMode] = useState<'none' | 'decline' | 'counter'>('none');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const failure = answer.accept.error ?? answer.decline.error ?? answer.counter.error;
  if (offer.status !== 'open') return null;

  const counter = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    try {
      await answer.counter.mutateAsync(amount.trim());
      setMode('none');
    } catch (error) {
      if (isApiError(error) && error.fields?.amount) setFieldError(error.fields.amount);
    }
  };
  const decline = async (event: FormEvent) => {
    event.preventDefault();
    await answer.decline.mutateAsync(reason).catch(() => undefined);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          type="button"
          pending={answer.accept.isPending}
          className="btn-primary"
          onClick={() => answer.accept.mutate(undefined)}
        >
          {t('offer.accept', { amount: formatMoney(offer.amountCents, offer.currency) })}
        </SubmitButton>
        {offer.counterAmountCents === null ? (
          <button type="button" className="btn btn-outline btn-secondary" onClick={() => setMode('counter')}>
            {t('offer.counter')}
          </button>
        ) : null}
        <button type="button" className="btn btn-outline" onClick={() => setMode('decline')}>
          {t('offer.decline')}
        </button>
      </div>
      {mode === 'counter' ? (
        <form
          className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4"
          onSubmit={(event) => void counter(event)}
          noValidate
          data-testid="counter-form"
        >
          <TextField
            label={t('offer.counterLabel')}
            inputMode="decimal"
            name="counter"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            hint={t('offer.counterHint', {
              offer: formatMoney(offer.amountCents, offer.currency),
              price: formatMoney(offer.priceCents, offer.currency),
            })}
            error={fieldError ?? undefined}
          />
          <SubmitButton pending={answer.counter.isPending} className="btn-secondary">
            {t('offer.sendCounter')}
          </SubmitButton>
        </form>
      ) : null}
      {mode === 'decline' ? (
        <form
          className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4"
          onSubmit={(event) => void decline(event)}
          noValidate
        >
          <TextField
            label={t('offer.declineReason')}
            name="reason"
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <SubmitButton pending={answer.decline.isPending} className="btn-outline">
            {t('offer.decline')}
          </SubmitButton>
        </form>
      ) : null}
      <Alert tone="error">{failure && !fieldError ? errorMessage(failure) : null}</Alert>
    </div>
  );
}

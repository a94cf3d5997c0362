import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoney, t } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage, isApiError } from '../../../lib/api';
import { useConfig } from '../../../lib/session';
import { useMakeOffer, useOfferProduct } from '../api';

/** A buyer's offer on a piece: the amount (the lowest shown), then the card step on the offer's page. */
export function MakeOfferPage() {
  const { id = '' } = useParams();
  const product = useOfferProduct(id);
  const config = useConfig();
  const make = useMakeOffer(id);
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (product.isPending) return <Spinner label={t('offer.pageTitle')} />;
  if (!product.data) return <Alert tone="error">{errorMessage(product.error)}</Alert>;
  const { sellingPriceCents: price, currency, title } = product.data;
  const minPercent = config.data?.offers?.minPercent ?? 50;
  const hours = config.data?.offers?.hours ?? 48;
  const minimum = Math.ceil((price * minPercent) / 100);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setError(null);
    if (!amount.trim()) {
      setFieldError(t('offers.enterAmount'));
      return;
    }
    try {
      const offer = await make.mutateAsync(amount.trim());
      void navigate(`/dashboard/offers/${offer.id}`);
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fields : undefined;
      if (fields?.amount) setFieldError(fields.amount);
      else setError(errorMessage(failure));
    }
  };

  return (
    <div className="page-container">
      <section className="mx-auto max-w-xl space-y-6">
        <DocumentTitle title={t('offer.pageTitle')} />
        <header className="space-y-2">
          <h1 className="font-display text-3xl font-bold">{t('offer.pageTitle')}</h1>
          <p className="text-lg">
            <Link to={`/products/${id}`} className="link link-hover">
              {title}
            </Link>{' '}
            · <span className="font-semibold">{formatMoney(price, currency)}</span>
          </p>
          <p className="text-base-content/80">{t('offer.lead', { hours })}</p>
        </header>
        <form
          className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4"
          onSubmit={(event) => void submit(event)}
          noValidate
          data-testid="make-offer"
        >
          <TextField
            label={t('offer.amountLabel')}
            inputMode="decimal"
            name="amount"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            hint={t('offer.amountHint', {
              minimum: formatMoney(minimum, currency),
              price: formatMoney(price, currency),
            })}
            error={fieldError ?? undefined}
          />
          <SubmitButton pending={make.isPending} className="btn-primary w-full">
            {t('offer.continue')}
          </SubmitButton>
          <Alert tone="error">{error}</Alert>
        </form>
      </section>
    </div>
  );
}

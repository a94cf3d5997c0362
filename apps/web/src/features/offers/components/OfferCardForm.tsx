import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  sandboxCardForm,
  sandboxTestCards,
  localDigits,
  paymentMessages,
  t,
  type OfferConfirm,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useConfirmOffer } from '../api';

const fields = ['cardNumber', 'expiry', 'cvc', 'name'] as const;

const grouped = (value: string) =>
  value
    .replace(/[^\d]/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const expiryText = (value: string) => {
  const digits = value.replace(/[^\d]/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

interface OfferCardFormProps {
  offerId: string;
  buttonLabel: string;
  defaultName: string;
  disabled: boolean;
  onDone: (result: OfferConfirm) => void;
}

/** The sandbox's card form for an offer's hold: the server asks the provider as it does at checkout. */
export function OfferCardForm({ offerId, buttonLabel, defaultName, disabled, onDone }: OfferCardFormProps) {
  const confirm = useConfirmOffer(offerId);
  const [cardError, setCardError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(sandboxCardForm),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: defaultName },
  });
  const onSubmit = handleSubmit(
    async (values) => {
      setCardError(null);
      try {
        onDone(await confirm.mutateAsync(values));
      } catch (error) {
        if (!applyServerFieldErrors(error, setError, fields)) setCardError(errorMessage(error));
      }
    },
    () => setCardError(null),
  );
  const cardNumber = register('cardNumber', {
    onChange: (event: { target: { value: string } }) => setValue('cardNumber', grouped(event.target.value)),
  });
  const expiry = register('expiry', {
    onChange: (event: { target: { value: string } }) => setValue('expiry', expiryText(event.target.value)),
  });

  return (
    <div className="space-y-4">
      <div role="note" className="rounded-box border border-warning/50 bg-warning/10 p-3 text-sm">
        <p>
          <span className="badge badge-warning mr-2 font-semibold">{t('payment.testMode')}</span>
          {paymentMessages.testMode}
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {sandboxTestCards.slice(0, 2).map((card) => (
            <li key={card.number}>
              <button
                type="button"
                className="link link-hover font-mono"
                onClick={() => setValue('cardNumber', card.number, { shouldValidate: true })}
                aria-label={t('payment.useTestCard', { number: localDigits(card.number) })}
              >
                {localDigits(card.number)}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label={t('payment.cardDetails')}>
        <TextField
          label={t('payment.nameOnCard')}
          autoComplete="cc-name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('payment.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          inputClassName="font-mono tracking-wide"
          error={errors.cardNumber?.message}
          {...cardNumber}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('payment.expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('payment.expiryPlaceholder')}
            maxLength={7}
            error={errors.expiry?.message}
            {...expiry}
          />
          <TextField
            label={t('payment.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            error={errors.cvc?.message}
            {...register('cvc')}
          />
        </div>
        <SubmitButton
          pending={isSubmitting}
          disabled={disabled}
          pendingLabel={t('payment.processing')}
          className="btn-primary w-full"
        >
          {buttonLabel}
        </SubmitButton>
        <Alert tone="error" takeFocus data-testid="card-error">
          {cardError}
        </Alert>
      </form>
    </div>
  );
}

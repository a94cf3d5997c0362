import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { sandboxCardForm, t } from '@furniture-mart/shared';
import { Alert } from './ui/Alert';
import { TextField } from './ui/Field';
import { SubmitButton } from './ui/SubmitButton';
import { errorMessage } from '../lib/api';
import { applyServerFieldErrors } from '../lib/forms';
import { formatExpiry } from './cardExpiry';
import { TestModeNotice } from './TestModeNotice';

const fields = ['cardNumber', 'expiry', 'cvc', 'name'] as const;

/** "4242424242424242" -> "4242 4242 4242 4242", as the number is printed on the card. */
function groupDigits(value: string): string {
  return value
    .replace(/[^\d]/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

interface SandboxCardFormProps {
  /** The button's words: what the card is asked for ("Pay $120.00", "Hold $60.00"). */
  submitLabel: string;
  defaultName: string;
  /** Someone else is paying, or checkout has not answered yet. */
  disabled: boolean;
  /** Sends the card to the server; a refusal it throws is shown on its field or under the form. */
  onCard: (card: z.output<typeof sandboxCardForm>) => Promise<void>;
}

/**
 * Our own card form for the sandbox provider, for a booking's payment and an offer's hold alike: the
 * server checks the card and answers as Stripe would.
 */
export function SandboxCardForm({ submitLabel, defaultName, disabled, onCard }: SandboxCardFormProps) {
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
        await onCard(values);
      } catch (error) {
        if (!applyServerFieldErrors(error, setError, fields)) setCardError(errorMessage(error));
      }
    },
    // A field the form itself refuses is the news now; an earlier decline beside it would mislead.
    () => setCardError(null),
  );

  const cardNumber = register('cardNumber', {
    onChange: (event: { target: { value: string } }) =>
      setValue('cardNumber', groupDigits(event.target.value)),
  });
  const expiry = register('expiry', {
    onChange: (event: { target: { value: string } }) => setValue('expiry', formatExpiry(event.target.value)),
  });

  return (
    <div className="space-y-5">
      <TestModeNotice onUse={(number) => setValue('cardNumber', number, { shouldValidate: true })} />
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
        {/* Disabled while a payment is on its way, so one click cannot become two charges. */}
        <SubmitButton
          pending={isSubmitting}
          disabled={disabled}
          pendingLabel={t('payment.processing')}
          className="btn-primary w-full"
        >
          {submitLabel}
        </SubmitButton>
        {/* The provider's words for a refused card take the focus, so the reason is read first. */}
        <Alert tone="error" takeFocus data-testid="card-error">
          {cardError}
        </Alert>
      </form>
    </div>
  );
}

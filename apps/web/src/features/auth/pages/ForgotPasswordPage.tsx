import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountMessages, messages } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { useHydrated } from '../../../lib/useHydrated';
import { AuthCard } from '../components/AuthCard';
import { useRequestPasswordReset } from '../recoveryApi';
import { t } from '@furniture-mart/shared';

/** Asks for a reset link. A known and an unknown email get the same answer. */
export function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setFieldError(messages.invalidEmail);
      return;
    }
    setFieldError(undefined);
    try {
      await request.mutateAsync(email.trim());
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  return (
    <AuthCard title={accountMessages.forgotTitle} subtitle={accountMessages.forgotIntro}>
      {request.isSuccess ? (
        <Alert tone="info">{accountMessages.forgotSent}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={!hydrated} className="space-y-4">
            <TextField
              label={t('booking.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fieldError}
            />
            <SubmitButton pending={request.isPending} className="btn-primary w-full">
              {accountMessages.sendLink}
            </SubmitButton>
            <Alert tone="error">{formError}</Alert>
          </fieldset>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="link link-primary font-medium">
          {t('account.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}

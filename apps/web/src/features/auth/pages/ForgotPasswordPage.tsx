import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountMessages, messages } from '@furniture-mart/shared';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { useHydrated } from '../../../lib/useHydrated';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { useRequestPasswordReset } from '../recoveryApi';

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
        <FormAlert message={accountMessages.forgotSent} tone="info" />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={!hydrated} className="space-y-4">
            <FormField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fieldError}
            />
            <button type="submit" className="btn btn-primary w-full" disabled={request.isPending}>
              {accountMessages.sendLink}
            </button>
            <FormAlert message={formError} />
          </fieldset>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="link link-primary font-medium">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}

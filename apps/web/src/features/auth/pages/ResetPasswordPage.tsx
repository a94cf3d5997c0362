import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../components/ui/Toasts';
import { accountMessages, messages } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { useHydrated } from '../../../lib/useHydrated';
import { AuthCard } from '../components/AuthCard';
import { useResetPassword } from '../recoveryApi';
import { t } from '@furniture-mart/shared';

/** The link of the reset mail lands here with its token; the new password is set once. */
export function ResetPasswordPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [formError, setFormError] = useState<string | null>(token ? null : accountMessages.resetInvalid);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const next: typeof errors = {};
    if (password.length < 8) next.password = messages.passwordRule;
    if (password !== confirmation) next.confirmation = messages.passwordMismatch;
    setErrors(next);
    if (next.password || next.confirmation) return;
    try {
      await reset.mutateAsync({ token, newPassword: password });
    } catch (error) {
      setFormError(errorMessage(error));
      return;
    }
    notify.success(accountMessages.resetDone);
    await navigate('/login', { replace: true });
  };

  return (
    <AuthCard title={accountMessages.resetTitle} subtitle={accountMessages.resetIntro}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!hydrated || !token} className="space-y-4">
          <TextField
            label={accountMessages.newPassword}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <TextField
            label={t('signUp.confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={errors.confirmation}
          />
          <SubmitButton pending={reset.isPending} className="btn-primary w-full">
            {accountMessages.resetSubmit}
          </SubmitButton>
        </fieldset>
        <Alert tone="error">{formError}</Alert>
      </form>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="link link-primary font-medium">
          {accountMessages.forgotLink}
        </Link>
      </p>
    </AuthCard>
  );
}

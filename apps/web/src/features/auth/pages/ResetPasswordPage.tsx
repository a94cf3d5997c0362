import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { accountMessages, messages } from '@furniture-mart/shared';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { useHydrated } from '../../../lib/useHydrated';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { useResetPassword } from '../recoveryApi';

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
    toast.success(accountMessages.resetDone);
    await navigate('/login', { replace: true });
  };

  return (
    <AuthCard title={accountMessages.resetTitle} subtitle={accountMessages.resetIntro}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!hydrated || !token} className="space-y-4">
          <FormField
            label={accountMessages.newPassword}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <FormField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={errors.confirmation}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={reset.isPending}>
            {accountMessages.resetSubmit}
          </button>
        </fieldset>
        <FormAlert message={formError} />
      </form>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="link link-primary font-medium">
          {accountMessages.forgotLink}
        </Link>
      </p>
    </AuthCard>
  );
}

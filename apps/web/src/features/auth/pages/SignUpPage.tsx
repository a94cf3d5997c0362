import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { notify } from '../../../components/ui/Toasts';
import { messages, signUpForm, type SignUpForm } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useHydrated } from '../../../lib/useHydrated';
import { webMessages } from '@furniture-mart/shared';
import { useSignUp } from '../api';
import { isEmailTaken, signUpErrorMessage } from '../errors';
import { useRememberedPath } from '../rememberedPath';
import { AuthCard } from '../components/AuthCard';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { RolePicker } from '../components/RolePicker';
import { t } from '@furniture-mart/shared';

export function SignUpPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = useRememberedPath();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signUpForm),
    defaultValues: {
      name: '',
      email: '',
      role: 'buyer',
      password: '',
      confirmPassword: '',
    } satisfies SignUpForm,
  });

  const onSubmit = handleSubmit(async ({ name, email, password, role }) => {
    setFormError(null);
    try {
      await signUp.mutateAsync({ name, email, password, role });
    } catch (error) {
      if (isEmailTaken(error)) {
        setError('email', { type: 'server', message: signUpErrorMessage(error) }, { shouldFocus: true });
      } else if (!applyServerFieldErrors(error, setError, ['name', 'email', 'password', 'role'])) {
        setFormError(signUpErrorMessage(error));
      }
      return;
    }
    notify.success(messages.signUpSuccess);
    await navigate(returnTo, { replace: true });
  });

  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        {/* Until the page's code runs (it may arrive rendered ahead), nothing can be typed, chosen or sent. */}
        <fieldset disabled={!hydrated} className="space-y-4">
          <TextField
            label={t('signUp.fullName')}
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={t('booking.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <RolePicker registration={register('role')} error={errors.role?.message} />
          <TextField
            label={t('signIn.password')}
            type="password"
            autoComplete="new-password"
            // The hint gives way to the error that says what is wrong (too short, too common).
            hint={errors.password ? undefined : messages.passwordHint}
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label={t('signUp.confirmPassword')}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <SubmitButton pending={isSubmitting} className="btn-primary w-full">
            {t('signUp.title')}
          </SubmitButton>
          <Alert tone="error">{formError}</Alert>
        </fieldset>
      </form>
      <GoogleSignInButton returnTo={returnTo} note={webMessages.googleBuyerNote} />
      <p className="text-center text-sm">
        {t('signUp.haveAccount')}{' '}
        <Link to="/login" state={location.state as unknown} className="link link-primary font-medium">
          {t('nav.login')}
        </Link>
      </p>
    </AuthCard>
  );
}

import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../components/ui/Toasts';
import { accountMessages, messages, type SignInBody } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useHydrated } from '../../../lib/useHydrated';
import { webMessages } from '@furniture-mart/shared';
import { useAuth, useSignIn } from '../api';
import { signInErrorMessage } from '../errors';
import { useRememberedPath, useWasRedirected } from '../rememberedPath';
import { AuthCard } from '../components/AuthCard';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { t } from '@furniture-mart/shared';
import { languageChangedByServer } from '../../../lib/sessionHint';

const loadValidation = () => import('../validation');

/** The shared schema's checks, fetched the first time they are needed (or earlier, see below). */
const resolver: Resolver<SignInBody> = async (values, context, options) =>
  (await loadValidation()).signInResolver(values, context, options);

export function LoginPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = useRememberedPath();
  const wasRedirected = useWasRedirected();
  const [searchParams] = useSearchParams();
  const auth = useAuth();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInBody>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  // The checks are fetched as soon as someone starts on the form, well before they can press Login, and
  // not while the page comes to life: building Zod's schemas is a long task on a slow phone.
  const prepareChecks = () => {
    loadValidation().catch(() => {
      // Submitting asks again and shows the failure.
    });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email', 'password'])) {
        setFormError(signInErrorMessage(error));
      }
      return;
    }
    notify.success(messages.loginSuccess);
    // The account reads another language: the page comes again, rendered in it.
    if (languageChangedByServer()) window.location.replace(returnTo);
    else await navigate(returnTo, { replace: true });
  });

  // A signed-in person only lands here when a page needs an account with another role
  // (not while their own sign-in is completing).
  const notice =
    auth.status === 'signedIn' && wasRedirected && (signIn.isIdle || signIn.isError)
      ? webMessages.wrongAccount
      : searchParams.has('error')
        ? webMessages.googleFailed
        : null;

  return (
    <AuthCard title={t('nav.login')} subtitle={t('signIn.subtitle')}>
      <Alert tone="info">{notice}</Alert>
      <form onSubmit={onSubmit} onFocus={prepareChecks} noValidate>
        {/* Until the page's code runs (it may arrive rendered ahead), nothing can be typed, chosen or sent. */}
        <fieldset disabled={!hydrated} className="space-y-4">
          <TextField
            label={t('booking.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={t('signIn.password')}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <p className="-mt-2 text-right text-sm">
            <Link to="/forgot-password" className="link link-primary">
              {accountMessages.forgotLink}
            </Link>
          </p>
          <SubmitButton pending={isSubmitting} className="btn-primary w-full">
            {t('nav.login')}
          </SubmitButton>
          <Alert tone="error">{formError}</Alert>
        </fieldset>
      </form>
      <GoogleSignInButton returnTo={returnTo} />
      <p className="text-center text-sm">
        {t('signIn.newHere')}{' '}
        <Link to="/signup" state={location.state as unknown} className="link link-primary font-medium">
          {t('signIn.createAccount')}
        </Link>
      </p>
    </AuthCard>
  );
}

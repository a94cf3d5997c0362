import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '../../../components/ui/Toasts';
import { changePasswordForm, messages, type ChangePasswordForm } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/forms';
import { hasRole, useAuth, useChangePassword } from '../api';
import { t } from '@furniture-mart/shared';
import { MessageWith } from '../../../components/MessageWith';
import { HomeProfileSection } from '../components/HomeProfileSection';
import { useMessageMail, useSetMessageMail } from '../messageMailApi';

/** Whether a message left unread for ten minutes is mailed (buyers and sellers, who have messages). */
function MessageMailSwitch() {
  const mail = useMessageMail(true);
  const setMail = useSetMessageMail();
  const hintId = useId();
  // The box follows the click at once; it turns back if the server refuses.
  const [choice, setChoice] = useState<boolean | null>(null);
  const change = (enabled: boolean) => {
    setChoice(enabled);
    setMail.mutate(enabled, {
      onSuccess: () => notify.success(enabled ? t('chat.mailOn') : t('chat.mailOff')),
      onError: (error) => {
        setChoice(null);
        notify.error(errorMessage(error));
      },
    });
  };
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 className="mb-3 text-xl font-semibold">{t('chat.mailTitle')}</h2>
      {mail.isError ? (
        <Alert tone="error" onRetry={() => void mail.refetch()}>
          {errorMessage(mail.error)}
        </Alert>
      ) : (
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5 shrink-0 accent-primary"
            checked={choice ?? mail.data?.enabled ?? false}
            disabled={!mail.data}
            aria-describedby={hintId}
            onChange={(event) => change(event.target.checked)}
            data-testid="message-mail"
          />
          <span>
            <span className="block font-medium">{t('chat.mailSwitch')}</span>
            <span id={hintId} className="block text-sm text-base-content/75">
              {t('chat.mailHint')}
            </span>
          </span>
        </label>
      )}
    </div>
  );
}

const emptyForm: ChangePasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeOtherSessions: true,
};

/** The signed-in person's account: who they are signed in as, and a new password. */
export function AccountPage() {
  const auth = useAuth();
  const changePassword = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(changePasswordForm), defaultValues: emptyForm });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    setFormError(null);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword'])) {
        setFormError(errorMessage(error));
      }
      return;
    }
    reset(emptyForm);
    notify.success(messages.passwordChanged);
  });

  return (
    <section className="max-w-2xl space-y-6">
      <DocumentTitle title={t('account.title')} />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold text-base-content sm:text-4xl">
          {t('account.title')}
        </h1>
        {auth.status === 'signedIn' ? (
          <p className="text-base-content/80">
            <MessageWith
              message={(email) => t('account.signedInAs', { email })}
              slot={<span className="font-medium text-base-content">{auth.me.user.email}</span>}
            />
          </p>
        ) : null}
      </header>
      {auth.status === 'signedIn' && hasRole(auth.me, 'buyer') ? <HomeProfileSection /> : null}
      <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <h2 className="mb-4 text-xl font-semibold">{t('account.changePassword')}</h2>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label={t('account.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={errors.newPassword ? undefined : messages.passwordHint}
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            label={t('account.confirmNewPassword')}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <label className="flex items-center gap-3 text-sm">
            <input type="checkbox" className="checkbox checkbox-sm" {...register('revokeOtherSessions')} />
            {t('account.signOutOthers')}
          </label>
          <SubmitButton pending={isSubmitting}>{t('account.changePassword')}</SubmitButton>
          <Alert tone="error">{formError}</Alert>
        </form>
      </div>
      {auth.status === 'signedIn' && (auth.me.isBuyer || auth.me.isSeller) ? <MessageMailSwitch /> : null}
    </section>
  );
}

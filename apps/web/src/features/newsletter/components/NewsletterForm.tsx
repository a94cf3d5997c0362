import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../components/ui/Toasts';
import { messages, newsletterMessages } from '@furniture-mart/shared';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage, isApiError } from '../../../lib/api';
import { useSubscribeToNewsletter } from '../api';
import { useHydrated } from '../../../lib/useHydrated';
import { t } from '@furniture-mart/shared';

/** The browser's own check of an email-type field, in our words. */
function validationMessage(input: HTMLInputElement): string | undefined {
  if (input.validity.valueMissing) return messages.required;
  if (!input.validity.valid) return messages.invalidEmail;
  return undefined;
}

/**
 * The footer's sign-up. It sits on every public page, so it relies on the browser's constraint
 * validation and the server's answer instead of the form library the bigger forms load.
 */
export function NewsletterForm() {
  const hydrated = useHydrated();
  const id = useId();
  const errorId = `${id}-error`;
  const subscribe = useSubscribeToNewsletter();
  const [error, setError] = useState<string>();
  const [searchParams] = useSearchParams();
  const linkOutcome = searchParams.get('newsletter');

  // The confirm and unsubscribe links of the newsletter mails come back here with their outcome.
  useEffect(() => {
    if (linkOutcome === 'confirmed') notify.success(newsletterMessages.confirmed, { id: 'newsletter' });
    else if (linkOutcome === 'unsubscribed')
      notify.success(newsletterMessages.unsubscribed, { id: 'newsletter' });
    else if (linkOutcome === 'invalid') notify.error(newsletterMessages.invalidLink, { id: 'newsletter' });
  }, [linkOutcome]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('email') as HTMLInputElement;
    const invalid = validationMessage(input);
    setError(invalid);
    if (invalid) {
      input.focus();
      return;
    }
    try {
      await subscribe.mutateAsync({ email: input.value.trim() });
      notify.success(messages.newsletterSuccess);
      form.reset();
    } catch (failure) {
      const fieldMessage = isApiError(failure) ? failure.fields?.email : undefined;
      if (fieldMessage) {
        setError(fieldMessage);
        input.focus();
      } else {
        notify.error(errorMessage(failure));
      }
    }
  };

  // Once a message shows, it follows what is typed, so it goes away as soon as the address is fine.
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    if (error) setError(validationMessage(event.currentTarget));
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-2">
      <label htmlFor={id} className="block font-semibold">
        {t('newsletter.title')}
      </label>
      <p className="text-sm text-neutral-content/80">{t('newsletter.about')}</p>
      <div className="join w-full">
        <input
          id={id}
          name="email"
          type="email"
          required
          maxLength={254}
          placeholder={t('newsletter.placeholder')}
          autoComplete="email"
          className={`input join-item w-full min-w-0 bg-base-100 text-base-content ${error ? 'input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={onInput}
        />
        <SubmitButton pending={subscribe.isPending} disabled={!hydrated} className="btn-primary join-item">
          {t('form.submit')}
        </SubmitButton>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-amber-200">
          {error}
        </p>
      ) : null}
    </form>
  );
}

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { messages, newsletterBody } from '@furniture-mart/shared';
import { errorMessage, isApiError } from '../../../lib/api';
import { useSubscribeToNewsletter } from '../api';

export function NewsletterForm() {
  const id = useId();
  const errorId = `${id}-error`;
  const subscribe = useSubscribeToNewsletter();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(newsletterBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await subscribe.mutateAsync(values);
      toast.success(messages.newsletterSuccess);
      reset();
    } catch (error) {
      const fieldMessage = isApiError(error) ? error.fields?.email : undefined;
      if (fieldMessage) setError('email', { type: 'server', message: fieldMessage });
      else toast.error(errorMessage(error));
    }
  });

  const error = errors.email?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <label htmlFor={id} className="block font-semibold">
        Newsletter
      </label>
      <p className="text-sm text-neutral-content/80">News about fresh listings and deals, now and then.</p>
      <div className="join w-full">
        <input
          id={id}
          type="email"
          placeholder="Enter email"
          autoComplete="email"
          className={`input join-item w-full min-w-0 bg-base-100 text-base-content ${error ? 'input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...register('email')}
        />
        <button type="submit" className="btn btn-primary join-item" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Submit
        </button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-amber-200">
          {error}
        </p>
      ) : null}
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { conversationLimits, t, type ProductPage } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { useAskSeller, useProductConversation } from '../conversationApi';

/**
 * A buyer's first question about a piece for sale, or the way back to the conversation they have
 * about it. Sending opens the conversation, where the answer arrives.
 */
export function AskSeller({ product }: { product: ProductPage }) {
  const existing = useProductConversation(product.id, true);
  const ask = useAskSeller(product.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();

  if (existing.isPending) return null;
  if (existing.data) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 text-sm">
        <span className="flex-1">{t('chat.askedBefore')}</span>
        <Link to={`/dashboard/messages/${existing.data.id}`} className="btn btn-outline btn-primary btn-sm">
          {t('chat.openConversation')}
        </Link>
      </div>
    );
  }
  if (product.status !== 'available') return null;
  if (!open) {
    return (
      <button
        type="button"
        className="btn btn-outline btn-primary"
        onClick={() => setOpen(true)}
        aria-expanded="false"
      >
        {t('chat.ask')}
      </button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server cleans and checks the text; an empty one is refused here without asking it.
    if (!body.trim()) {
      setError(t('conversations.writeSomething'));
      return;
    }
    setError(null);
    try {
      const started = await ask.mutateAsync(body);
      void navigate(`/dashboard/messages/${started.conversation.id}`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form
      className="space-y-2 rounded-box border border-base-300 bg-base-100 p-3"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="ask-seller"
    >
      <label htmlFor={fieldId} className="block font-semibold">
        {t('chat.askTitle', { name: product.seller.name })}
      </label>
      <textarea
        id={fieldId}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        rows={3}
        maxLength={conversationLimits.bodyMaxLength}
        placeholder={t('chat.askPlaceholder')}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        autoFocus
      />
      <p id={hintId} className="text-xs text-base-content/70">
        {t('chat.askHint')}
      </p>
      <Alert tone="error">{error}</Alert>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={ask.isPending} className="btn-primary">
          {t('chat.askSend')}
        </SubmitButton>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => setOpen(false)}
          disabled={ask.isPending}
        >
          {t('ui.cancel')}
        </button>
      </div>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { conversationLimits, formatNumber, t, type Message, type MessagePhoto } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { SpinnerGlyph } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useSendMessage, useUploadMessagePhoto } from '../api';

interface Attachment {
  key: string;
  preview: string;
  photo: MessagePhoto | null;
}

const ACCEPTED = 'image/jpeg,image/png,image/webp';
/** Where the count of characters starts to show. */
const COUNT_FROM = conversationLimits.bodyMaxLength - 200;

interface ComposerProps {
  conversationId: string;
  /** Told of each message sent, e.g. to explain a masked one. */
  onSent: (message: Message) => void;
}

/**
 * What a person writes: Enter sends, Shift+Enter starts a new line (and Enter while an input method
 * is still composing a word is left to it). Up to four photos, uploaded as soon as they are chosen.
 */
export function Composer({ conversationId, onSent }: ComposerProps) {
  const send = useSendMessage(conversationId);
  const upload = useUploadMessagePhoto(conversationId);
  const [body, setBody] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const uploading = attachments.some((attachment) => attachment.photo === null);
  const canSend = body.trim().length > 0 && !uploading && !send.isPending;

  useEffect(
    () => () => {
      for (const attachment of attachments) URL.revokeObjectURL(attachment.preview);
    },
    // Only when the composer goes: previews still shown must stay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    setError(null);
    const room = conversationLimits.photosPerMessage - attachments.length;
    const chosen = [...files].slice(0, Math.max(room, 0));
    if (files.length > room) setError(t('conversations.tooManyPhotos'));
    await Promise.all(
      chosen.map(async (file) => {
        const key = `${file.name}-${file.size}-${Math.random()}`;
        const preview = URL.createObjectURL(file);
        setAttachments((now) => [...now, { key, preview, photo: null }]);
        try {
          const photo = await upload.mutateAsync(file);
          setAttachments((now) => now.map((item) => (item.key === key ? { ...item, photo } : item)));
        } catch (failure) {
          URL.revokeObjectURL(preview);
          setAttachments((now) => now.filter((item) => item.key !== key));
          setError(errorMessage(failure));
        }
      }),
    );
  };

  const removeAttachment = (key: string) =>
    setAttachments((now) => {
      const gone = now.find((item) => item.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return now.filter((item) => item.key !== key);
    });

  const submit = async () => {
    if (!canSend) {
      if (!body.trim()) setError(t('conversations.writeSomething'));
      return;
    }
    setError(null);
    const photoIds = attachments.flatMap((item) => (item.photo ? [item.photo.id] : []));
    try {
      const message = await send.mutateAsync({ body, ...(photoIds.length ? { photoIds } : {}) });
      for (const attachment of attachments) URL.revokeObjectURL(attachment.preview);
      setAttachments([]);
      setBody('');
      onSent(message);
      textarea.current?.focus();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className="space-y-2 border-t border-base-300 bg-base-100 p-2 sm:p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="composer"
    >
      <Alert tone="error">{error}</Alert>
      {attachments.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('chat.attachedPhotos')}>
          {attachments.map((attachment, index) => (
            <li key={attachment.key} className="relative">
              <img
                src={attachment.preview}
                alt={t('chat.attachedPhoto', { n: index + 1 })}
                className={`h-16 w-16 rounded-field object-cover ${attachment.photo ? '' : 'opacity-50'}`}
              />
              {attachment.photo ? (
                <button
                  type="button"
                  className="btn btn-circle btn-xs absolute -right-2 -top-2 shadow"
                  aria-label={t('chat.removePhoto', { n: index + 1 })}
                  onClick={() => removeAttachment(attachment.key)}
                >
                  ×
                </button>
              ) : (
                <span className="absolute inset-0 grid place-items-center" role="status">
                  <SpinnerGlyph />
                  <span className="sr-only">{t('chat.uploading')}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-end gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-square shrink-0"
          aria-label={t('chat.addPhotos')}
          title={t('chat.addPhotos')}
          disabled={attachments.length >= conversationLimits.photosPerMessage}
          onClick={() => fileInput.current?.click()}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="10" r="1.8" />
            <path d="m21 16-5-5-8 8" strokeLinejoin="round" />
          </svg>
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED}
          multiple
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="photo-input"
          onChange={(event) => {
            void addPhotos(event.target.files);
            event.target.value = '';
          }}
        />
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t('chat.messageLabel')}</span>
          <textarea
            ref={textarea}
            className="textarea field-sizing-content max-h-40 min-h-11 w-full resize-none py-2.5 text-base"
            rows={1}
            maxLength={conversationLimits.bodyMaxLength}
            placeholder={t('chat.placeholder')}
            aria-describedby={hintId}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </label>
        <button
          type="submit"
          className="btn btn-primary shrink-0"
          disabled={!canSend}
          aria-busy={send.isPending || undefined}
        >
          {send.isPending ? <SpinnerGlyph /> : null}
          {t('chat.send')}
        </button>
      </div>
      <p id={hintId} className="hidden px-1 text-xs text-base-content/70 sm:block">
        {t('chat.enterHint')}
        {body.length >= COUNT_FROM
          ? ` · ${t('report.characters', { used: body.length, max: conversationLimits.bodyMaxLength })}`
          : ''}
      </p>
      {body.length >= COUNT_FROM ? (
        <p className="px-1 text-xs text-base-content/70 sm:hidden">
          {formatNumber(body.length)} / {formatNumber(conversationLimits.bodyMaxLength)}
        </p>
      ) : null}
    </form>
  );
}

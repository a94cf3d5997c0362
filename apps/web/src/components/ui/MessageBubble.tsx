import type { ReactNode } from 'react';
import { formatDate, t, type Message } from '@furniture-mart/shared';

export interface MessageBubbleProps {
  message: Message;
  /** Written by the reader: on the right, in the brand's colour. */
  own: boolean;
  /** Who wrote it, for the photos' descriptions and for screen readers. */
  author: string;
  /** Marks the message a report is about. */
  highlighted?: boolean;
  /** Under the bubble, e.g. a Report button. */
  actions?: ReactNode;
}

/**
 * One message of a conversation: its words (lines kept), its photos, the time it was written, and
 * "removed by an administrator" in place of a removed one. The thread and the admin's report queue
 * show messages alike.
 */
export function MessageBubble({ message, own, author, highlighted = false, actions }: MessageBubbleProps) {
  const time = formatDate(message.createdAt, { hour: 'numeric', minute: '2-digit' });
  return (
    <div
      className={`flex flex-col gap-0.5 ${own ? 'items-end' : 'items-start'}`}
      data-testid="message"
      data-own={own ? 'true' : 'false'}
      data-message-id={message.id}
    >
      <div className="px-1 text-xs text-base-content/70">
        <span className="sr-only">{author}, </span>
        <time dateTime={message.createdAt}>{time}</time>
      </div>
      <div
        className={`max-w-[85%] break-words rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${
          message.removed
            ? 'border border-dashed border-base-300 bg-base-200 italic text-base-content/75'
            : own
              ? 'rounded-br-md bg-primary text-primary-content'
              : 'rounded-bl-md border border-base-300 bg-base-100 text-base-content'
        } ${highlighted ? 'outline outline-2 outline-offset-2 outline-warning' : ''}`}
      >
        {message.removed ? (
          t('chat.removedByAdmin')
        ) : (
          <>
            {message.photos.length > 0 ? (
              <ul className={`-mx-1 mb-1 grid gap-1 ${message.photos.length > 1 ? 'grid-cols-2' : ''}`}>
                {message.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                      <img
                        src={photo.thumbUrl}
                        width={photo.thumbWidth}
                        height={photo.thumbHeight}
                        alt={t('chat.photoFrom', { n: index + 1, name: author })}
                        loading="lazy"
                        className="max-h-48 w-full rounded-field object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {message.body ? <p className="whitespace-pre-line">{message.body}</p> : null}
          </>
        )}
      </div>
      {actions ? <div className="px-1">{actions}</div> : null}
    </div>
  );
}

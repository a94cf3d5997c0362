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
      className={`chat ${own ? 'chat-end' : 'chat-start'}`}
      data-testid="message"
      data-own={own ? 'true' : 'false'}
      data-message-id={message.id}
    >
      <div className="chat-header text-xs text-base-content/70">
        <span className="sr-only">{author}, </span>
        <time dateTime={message.createdAt}>{time}</time>
      </div>
      <div
        className={`chat-bubble max-w-[85%] break-words sm:max-w-[70%] ${
          message.removed
            ? 'bg-base-200 text-base-content/70 italic'
            : own
              ? 'chat-bubble-primary'
              : 'bg-base-100 text-base-content border border-base-300'
        } ${highlighted ? 'outline outline-2 outline-offset-2 outline-warning' : ''}`}
      >
        {message.removed ? (
          t('chat.removedByAdmin')
        ) : (
          <>
            {message.photos.length > 0 ? (
              <ul className={`mb-1 grid gap-1 ${message.photos.length > 1 ? 'grid-cols-2' : ''}`}>
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
      {actions ? <div className="chat-footer mt-1">{actions}</div> : null}
    </div>
  );
}

import { NavLink } from 'react-router';
import { formatNumber, t } from '@furniture-mart/shared';
import { useConversationLiveUpdates, useTalks, useUnread } from '../api';

function ChatIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5v-9Z"
      />
      <path strokeLinecap="round" d="M8 9h8M8 12h5" />
    </svg>
  );
}

/**
 * The top navigation's way to the messages, with how many wait unread. It holds the tab's live
 * events open while a buyer or seller is signed in, and keeps every conversation query in step.
 */
export function MessagesNavLink() {
  const { enabled } = useTalks();
  const unread = useUnread(enabled);
  useConversationLiveUpdates(enabled);
  if (!enabled) return null;
  const count = unread.data?.messages ?? 0;
  return (
    <NavLink
      to="/dashboard/messages"
      className={({ isActive }) =>
        `btn btn-ghost btn-square relative max-[399px]:btn-sm ${isActive ? 'text-primary' : ''}`
      }
      aria-label={count > 0 ? t('chat.navUnread', { count }) : t('chat.nav')}
      data-testid="messages-nav"
    >
      <ChatIcon />
      {count > 0 ? (
        <span
          className="badge badge-error badge-xs absolute -right-0.5 -top-0.5 h-5 min-w-5 px-1 font-semibold"
          aria-hidden="true"
          data-testid="unread-badge"
        >
          {count > 99 ? `${formatNumber(99)}+` : formatNumber(count)}
        </span>
      ) : null}
    </NavLink>
  );
}

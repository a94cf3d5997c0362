/** How a thread is laid out: a separator before each new day, and what the reader has yet to read. */
import { formatDate, t, type Conversation, type Message } from '@furniture-mart/shared';

export type ThreadRow =
  { kind: 'day'; key: string; label: string } | { kind: 'message'; key: string; message: Message };

/** The day a moment falls on, in the reader's own time zone. */
export function dayOf(date: string | Date): string {
  const value = new Date(date);
  return `${value.getFullYear()}-${value.getMonth() + 1}-${value.getDate()}`;
}

/** "Today", "Yesterday", or the date, as the page's language writes it. */
export function dayLabel(date: string, now: Date = new Date()): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayOf(date) === dayOf(now)) return t('chat.today');
  if (dayOf(date) === dayOf(yesterday)) return t('chat.yesterday');
  const sameYear = new Date(date).getFullYear() === now.getFullYear();
  return formatDate(date, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** The messages, oldest first, with a separator before the first message of each day. */
export function threadRows(messages: readonly Message[], now: Date = new Date()): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let day: string | null = null;
  for (const message of messages) {
    const today = dayOf(message.createdAt);
    if (today !== day) {
      rows.push({ kind: 'day', key: `day-${today}`, label: dayLabel(message.createdAt, now) });
      day = today;
    }
    rows.push({ kind: 'message', key: message.id, message });
  }
  return rows;
}

/** The newest message the other person wrote: reading the thread marks it read up to there. */
export function newestFromOther(messages: readonly Message[], meId: string): Message | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]!.senderId !== meId) return messages[index]!;
  }
  return null;
}

/** Unread conversations first, then the newest activity (the order the server gives; the sort is stable). */
export function unreadFirst(items: readonly Conversation[]): Conversation[] {
  return [...items].sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0));
}

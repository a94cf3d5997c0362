import type { Locale } from './messages/locales.js';
import { formatDate } from './messages/formats.js';
import { currentLocale } from './messages/runtime.js';

/**
 * The specification shows a post date as the first 15 characters of Date#toString, e.g.
 * "Sat Nov 21 2026": the day in the reader's own time zone. Where that zone is not known (a page
 * rendered on the server), the same label in UTC. In Bangla the same parts as Bangla writes them
 * ("শনি, ২১ নভে, ২০২৬").
 */
export function postDateLabel(
  date: string | Date,
  timeZone?: 'UTC',
  locale: Locale = currentLocale(),
): string {
  const value = new Date(date);
  if (locale !== 'en') {
    return formatDate(
      value,
      {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        ...(timeZone ? { timeZone } : {}),
      },
      locale,
    );
  }
  if (timeZone !== 'UTC') return value.toString().slice(0, 15);
  // "Sat, 21 Nov 2026 10:00:00 GMT" -> "Sat Nov 21 2026"
  const [weekday, day, month, year] = value.toUTCString().split(' ');
  return `${weekday!.slice(0, 3)} ${month} ${day} ${year}`;
}

/**
 * The specification shows a post date as the first 15 characters of Date#toString, e.g.
 * "Sat Nov 21 2026": the day in the reader's own time zone. Where that zone is not known (a page
 * rendered on the server), the same label in UTC.
 */
export function postDateLabel(date: string | Date, timeZone?: 'UTC'): string {
  const value = new Date(date);
  if (timeZone !== 'UTC') return value.toString().slice(0, 15);
  // "Sat, 21 Nov 2026 10:00:00 GMT" -> "Sat Nov 21 2026"
  const [weekday, day, month, year] = value.toUTCString().split(' ');
  return `${weekday!.slice(0, 3)} ${month} ${day} ${year}`;
}

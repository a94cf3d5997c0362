/** The specification shows a post date as the first 15 characters of Date#toString, e.g. "Sat Nov 21 2026". */
export function postDateLabel(date: string | Date): string {
  return new Date(date).toString().slice(0, 15);
}

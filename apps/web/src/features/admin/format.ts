import { formatDate as formatInLanguage } from '@furniture-mart/shared';

/** "Nov 21, 2026" (in Bangla "২১ নভে, ২০২৬"). */
export function formatDate(iso: string): string {
  return formatInLanguage(iso, { dateStyle: 'medium' });
}

/** "Nov 21, 2026, 4:05 PM" */
export function formatDateTime(iso: string): string {
  return formatInLanguage(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

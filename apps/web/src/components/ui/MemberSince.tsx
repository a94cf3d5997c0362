import { formatDate, t } from '@furniture-mart/shared';
import { MessageWith } from '../MessageWith';
// Month and year in UTC, so a page rendered on the server reads the same once the browser takes over.
const monthYear = { month: 'long', year: 'numeric', timeZone: 'UTC' } as const;

/** "Member since November 2026": how long a seller has been on the site. */
export function MemberSince({ date, className = '' }: { date: string; className?: string }) {
  return (
    <span className={className}>
      <MessageWith
        message={(month) => t('seller.memberSince', { month })}
        slot={<time dateTime={date}>{formatDate(date, monthYear)}</time>}
      />
    </span>
  );
}

// Month and year in UTC, so a page rendered on the server reads the same once the browser takes over.
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Member since November 2026": how long a seller has been on the site. */
export function MemberSince({ date, className = '' }: { date: string; className?: string }) {
  return (
    <span className={className}>
      Member since <time dateTime={date}>{monthYear.format(new Date(date))}</time>
    </span>
  );
}

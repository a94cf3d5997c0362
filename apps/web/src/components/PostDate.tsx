import { postDateLabel } from '@furniture-mart/shared';
import { useHydrated } from '../lib/useHydrated';

/**
 * A post date as the reader's calendar has it. The server does not know the reader's time zone, so a
 * page it rendered shows the UTC day, and the browser renders that too while hydrating (so both match),
 * then switches to the reader's own day.
 */
export function PostDate({ date }: { date: string }) {
  const hydrated = useHydrated();
  return <time dateTime={date}>{postDateLabel(date, hydrated ? undefined : 'UTC')}</time>;
}

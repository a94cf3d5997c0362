import { catalogueMessages, formatMoney } from '@furniture-mart/shared';
import { useConfig } from '../../../lib/session';

/** "was $X" after a price drop of the last 14 days; the server decides whether one shows. */
export function WasPrice({
  cents,
  className = '',
}: {
  cents: number | null | undefined;
  className?: string;
}) {
  const config = useConfig();
  if (cents === null || cents === undefined || !config.data) return null;
  return (
    <span className={`text-sm font-medium text-success ${className}`} data-testid="was-price">
      {catalogueMessages.was(formatMoney(cents, config.data.currency))}
    </span>
  );
}

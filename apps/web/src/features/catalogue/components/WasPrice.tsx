import { catalogueMessages, formatMoney } from '@furniture-mart/shared';
import { InCurrency } from '../../../components/ui/Price';

/** "was $X" after a price drop of the last 14 days; the server decides whether one shows. */
export function WasPrice({
  cents,
  currency,
  className = '',
}: {
  cents: number | null | undefined;
  /** The shop's currency when the caller knows it already; asked of the server's configuration if not. */
  currency?: string | undefined;
  className?: string;
}) {
  if (cents === null || cents === undefined) return null;
  return (
    <InCurrency currency={currency}>
      {(code) =>
        code ? (
          <span className={`text-sm font-medium text-success ${className}`} data-testid="was-price">
            {catalogueMessages.was(formatMoney(cents, code))}
          </span>
        ) : null
      }
    </InCurrency>
  );
}

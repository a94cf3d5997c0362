import { catalogueMessages, formatMoney } from '@furniture-mart/shared';
import { useConfig } from '../../../lib/session';

/** "was $X" after a price drop of the last 14 days; the server decides whether one shows. */
export function WasPrice({ cents, currency, className = '' }: WasPriceProps) {
  if (cents === null || cents === undefined) return null;
  return currency ? (
    <WasPriceText cents={cents} currency={currency} className={className} />
  ) : (
    <WasPriceInShopCurrency cents={cents} className={className} />
  );
}

interface WasPriceProps {
  cents: number | null | undefined;
  /** The shop's currency when the caller knows it already; asked of the server's configuration if not. */
  currency?: string | undefined;
  className?: string;
}

function WasPriceInShopCurrency({ cents, className }: { cents: number; className: string }) {
  const currency = useConfig().data?.currency;
  return currency ? <WasPriceText cents={cents} currency={currency} className={className} /> : null;
}

function WasPriceText({
  cents,
  currency,
  className,
}: {
  cents: number;
  currency: string;
  className: string;
}) {
  return (
    <span className={`text-sm font-medium text-success ${className}`} data-testid="was-price">
      {catalogueMessages.was(formatMoney(cents, currency))}
    </span>
  );
}

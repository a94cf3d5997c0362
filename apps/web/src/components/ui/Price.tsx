import { formatMoney } from '@furniture-mart/shared';
import { useConfig } from '../../lib/session';

interface PriceProps {
  /** Minor units of the currency (cents, whole yen, fils). */
  cents: number;
  /** The currency the amount was recorded in; the server's configured currency (GET /api/config) if unset. */
  currency?: string;
  /** Shown struck through, e.g. the original price beside a resale price. */
  strike?: boolean;
  className?: string;
}

/** An amount of money in its currency, with digits of equal width so columns line up. */
export function Price(props: PriceProps) {
  // A caller that knows the currency spares each price its own subscription to the configuration.
  return props.currency ? (
    <PriceText {...props} currency={props.currency} />
  ) : (
    <PriceInShopCurrency {...props} />
  );
}

function PriceInShopCurrency(props: PriceProps) {
  const currency = useConfig().data?.currency;
  return <PriceText {...props} currency={currency} />;
}

function PriceText({ cents, currency: code, strike = false, className = '' }: PriceProps) {
  // Until the configuration arrives (it is asked for at start and travels with pages rendered on the
  // server), nothing is shown rather than a guess in the wrong currency.
  if (!code) return <span className={`tabular-nums ${className}`} aria-busy="true" />;
  const text = formatMoney(cents, code);
  if (strike) return <del className={`tabular-nums ${className}`}>{text}</del>;
  return <span className={`tabular-nums ${className}`}>{text}</span>;
}

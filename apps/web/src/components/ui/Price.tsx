import type { ReactNode } from 'react';
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

/**
 * Renders with `currency` when the caller knows it, else with the shop's (undefined until the
 * configuration arrives). Only then does it subscribe to the configuration: a grid of cards that knows
 * the currency spares each of its prices a subscription of its own.
 */
export function InCurrency({
  currency,
  children,
}: {
  currency?: string | undefined;
  children: (currency: string | undefined) => ReactNode;
}) {
  return currency ? children(currency) : <InShopCurrency>{children}</InShopCurrency>;
}

function InShopCurrency({ children }: { children: (currency: string | undefined) => ReactNode }) {
  return children(useConfig().data?.currency);
}

/** An amount of money in its currency, with digits of equal width so columns line up. */
export function Price({ cents, currency, strike = false, className = '' }: PriceProps) {
  return (
    <InCurrency currency={currency}>
      {(code) => {
        // Until the configuration arrives (it is asked for at start and travels with pages rendered on
        // the server), nothing is shown rather than a guess in the wrong currency.
        if (!code) return <span className={`tabular-nums ${className}`} aria-busy="true" />;
        const text = formatMoney(cents, code);
        if (strike) return <del className={`tabular-nums ${className}`}>{text}</del>;
        return <span className={`tabular-nums ${className}`}>{text}</span>;
      }}
    </InCurrency>
  );
}

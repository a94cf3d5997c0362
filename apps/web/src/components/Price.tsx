import { formatMoney } from '@furniture-mart/shared';

interface PriceProps {
  cents: number;
  currency?: string;
  /** Shown struck through, e.g. the original price beside a resale price. */
  strike?: boolean;
  className?: string;
}

export function Price({ cents, currency = 'USD', strike = false, className = '' }: PriceProps) {
  const text = formatMoney(cents, currency);
  if (strike) return <del className={`tabular-nums ${className}`}>{text}</del>;
  return <span className={`tabular-nums ${className}`}>{text}</span>;
}

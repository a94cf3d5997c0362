/** Money travels as integer minor units (cents); these helpers are the only place that converts. */

const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** Parses "1250", "1250.5" or "1,250.50" into cents; returns null for anything else or for zero. */
export function parseAmountToCents(input: string | number): number | null {
  const text = (typeof input === 'number' ? String(input) : input).trim().replace(/,/g, '');
  if (!AMOUNT_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 && Number.isSafeInteger(cents) ? cents : null;
}

export function centsToAmountString(cents: number): string {
  return (cents / 100).toFixed(2);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats cents in the configured currency, e.g. 125000 -> "$1,250.00". */
export function formatMoney(cents: number, currency = 'USD'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/**
 * Money travels as integer minor units of the one configured currency (ISO 4217: cents for USD and EUR,
 * whole yen for JPY, fils (1/1000) for BHD); these helpers are the only place that converts. Columns and
 * fields named `…Cents` hold these minor units whatever the currency (docs/decisions/0011).
 */
import { toBanglaDigits, toLatinDigits } from './digits.js';
import type { Locale } from './messages/locales.js';
import { currentLocale } from './messages/runtime.js';

/** ISO 4217 currencies whose minor unit is not 1/100, by number of decimals. */
const decimalsByCurrency = new Map<string, number>([
  ...'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'
    .split(' ')
    .map((c) => [c, 0] as const),
  ...'BHD IQD JOD KWD LYD OMR TND'.split(' ').map((c) => [c, 3] as const),
  ...'CLF UYW'.split(' ').map((c) => [c, 4] as const),
]);

/** ISO 4217 codes that are not money a card can be charged in: precious metals, units of account, tests. */
const notMoney = new Set('XAG XAU XBA XBB XBC XBD XDR XPD XPT XSU XTS XUA XXX'.split(' '));

let knownCurrencies: Set<string> | undefined;

/** Whether `code` is an ISO 4217 currency (as the runtime's Intl data knows them) that prices can be in. */
export function isKnownCurrency(code: string): boolean {
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return /^[A-Z]{3}$/.test(code) && knownCurrencies.has(code) && !notMoney.has(code);
}

/** Digits after the decimal point of the currency's minor unit: 2 for USD, 0 for JPY, 3 for BHD. */
export function currencyDecimals(currency: string): number {
  return decimalsByCurrency.get(currency.toUpperCase()) ?? 2;
}

const AMOUNT_PATTERN = /^(\d{1,9})(?:\.(\d{1,4}))?$/;

/**
 * Reads "1250", "1250.5" or "1,250.50" (or "১,২৫০.৫০": people in Bangladesh type either digits) into
 * minor units of `currency`; null for anything else, for zero, and for more decimals than the currency
 * has ("10.001" in USD, "1250.5" in JPY; trailing zeros are fine). The one reader of amounts.
 */
export function parseAmount(input: string | number, currency: string): number | null {
  const text = toLatinDigits(typeof input === 'number' ? String(input) : input)
    .trim()
    .replace(/,/g, '');
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const decimals = currencyDecimals(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return null;
  const minor = Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return minor > 0 && Number.isSafeInteger(minor) ? minor : null;
}

/**
 * Reads an amount before its currency is known, in thousandths of the major unit (three decimals, the
 * most an accepted currency has): "1,250.5" -> 1250500; null as parseAmount would say.
 */
export function parseThousandths(input: string | number): number | null {
  return parseAmount(input, 'BHD');
}

/**
 * Whether the text is an amount in some currency (positive, at most three decimals). Request schemas
 * check this much without knowing the currency; the server then reads it with parseAmount.
 */
export function isAmountText(input: string | number): boolean {
  return parseThousandths(input) !== null;
}

/** Minor units as the plain amount a form field shows: 125050 USD -> "1250.50", 1250 JPY -> "1250". */
export function minorToAmountString(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  return (minor / 10 ** decimals).toFixed(decimals);
}

/**
 * The symbols en-US gives the most used currencies (CLDR). These are written out rather than asked of
 * Intl: the browser's first Intl.NumberFormat loads locale data at the moment a listing comes to life,
 * which a slow phone feels. Other currencies go through Intl; the unit test checks that both ways write
 * what Intl writes.
 */
const symbols: Record<string, string> = {
  AUD: 'A$',
  BRL: 'R$',
  CAD: 'CA$',
  CNY: 'CN¥',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
  ILS: '₪',
  INR: '₹',
  JPY: '¥',
  KRW: '₩',
  MXN: 'MX$',
  NZD: 'NZ$',
  PHP: '₱',
  TWD: 'NT$',
  USD: '$',
  VND: '₫',
};

/** The sign a form's label shows for the currency: "$", "৳", or its code where it has none of ours. */
export function currencySymbol(currency: string): string {
  return currency === 'BDT' ? '৳' : (symbols[currency] ?? currency);
}

/** A whole number with a comma between thousands, as en-US writes it: 1234567 -> "1,234,567". */
export function groupDigits(whole: number | string): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

const formatters = new Map<string, Intl.NumberFormat>();

function intlFormat(minor: number, currency: string, decimals: number): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(minor / 10 ** decimals);
}

/**
 * A whole number grouped as Bangladesh writes it: the last three digits, then pairs (lakh, crore):
 * 12500000 -> "1,25,00,000".
 */
export function groupDigitsSouthAsian(whole: number | string): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * Taka as people in Bangladesh write it: ৳ first, South Asian grouping, and poisha only when there are
 * any (125000 taka -> "৳1,25,000", 1250.50 -> "৳1,250.50").
 */
function formatTaka(minor: number): string {
  const digits = String(Math.abs(minor)).padStart(3, '0');
  const whole = groupDigitsSouthAsian(digits.slice(0, -2));
  const poisha = digits.slice(-2);
  return `${minor < 0 ? '-' : ''}৳${whole}${poisha === '00' ? '' : `.${poisha}`}`;
}

/**
 * Minor units shown in their currency, the same on the server and in the browser so a rendered page
 * matches the one it comes to life as: 125000 USD -> "$1,250.00", 1250 JPY -> "¥1,250", 1250500 BHD ->
 * "BHD 1,250.500" (en-US style), 12500000 BDT -> "৳1,25,000". On a Bangla page the digits are Bangla
 * ("৳১,২৫,০০০"), in the language being read unless `locale` names another (a mail's recipient's).
 */
export function formatMoney(minor: number, currency: string, locale: Locale = currentLocale()): string {
  const text = formatInLatin(minor, currency);
  return locale === 'bn' ? toBanglaDigits(text) : text;
}

function formatInLatin(minor: number, currency: string): string {
  if (currency === 'BDT' && Number.isSafeInteger(minor)) return formatTaka(minor);
  const decimals = currencyDecimals(currency);
  const symbol = symbols[currency];
  if (symbol === undefined || !Number.isSafeInteger(minor)) return intlFormat(minor, currency, decimals);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = groupDigits(digits.slice(0, digits.length - decimals));
  const amount = decimals > 0 ? `${whole}.${digits.slice(-decimals)}` : whole;
  return `${minor < 0 ? '-' : ''}${symbol}${amount}`;
}

/**
 * Numbers and dates in the language being read, through Intl with its tag: on a Bangla page every
 * number and date has Bangla digits (১২৩), on an English page Latin ones. Money has its own formatter
 * (money.ts) because Bangladesh writes ৳ before the amount, where Intl puts it after.
 */
import { toBanglaDigits } from '../digits.js';
import { localeTags, type Locale } from './locales.js';
import { currentLocale } from './runtime.js';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as the language writes it: 1234 -> "1,234" or "১,২৩৪". */
export function formatNumber(value: number, locale: Locale = currentLocale()): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeTags[locale]);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date as the language writes it, with Intl's options (e.g. `{ dateStyle: 'medium' }`). */
export function formatDate(
  value: string | number | Date,
  options: Intl.DateTimeFormatOptions,
  locale: Locale = currentLocale(),
): string {
  const id = `${locale}:${JSON.stringify(options)}`;
  let format = dateFormats.get(id);
  if (!format) {
    // Bangla's CLDR data writes the time of day as "AM"/"PM": a 24-hour clock reads as Bangla.
    const clock = locale === 'bn' && (options.timeStyle || options.hour) ? { hourCycle: 'h23' as const } : {};
    format = new Intl.DateTimeFormat(localeTags[locale], { ...options, ...clock });
    dateFormats.set(id, format);
  }
  return format.format(new Date(value));
}

/** Digits inside a text (a phone number, a code) as the language writes them: Bangla digits in Bangla. */
export function localDigits(text: string, locale: Locale = currentLocale()): string {
  return locale === 'bn' ? toBanglaDigits(text) : text;
}

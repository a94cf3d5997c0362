import { toLatinDigits } from '@furniture-mart/shared';

/**
 * Shapes a card expiry as it is typed: digits only, a slash after the month ("1230" -> "12/30"), and a
 * leading zero for a month that can only be one digit ("5" -> "05"). A four-digit year, as a browser's
 * autofill may give it, is kept ("122030" -> "12/2030").
 */
export function formatExpiry(typed: string): string {
  // Bangla digits (০-৯) count as the digits they are.
  let digits = toLatinDigits(typed).replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  // "1/30": the slash ends the month early, so a lone "1" means January.
  if (/^1\s*\//.test(typed.trim())) digits = `0${digits}`;
  digits = digits.slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

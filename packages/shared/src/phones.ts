/**
 * Phone numbers as people type them (`01711-223344`, `+880 1711 223344`, `8801711223344`, Bangla digits),
 * read by libphonenumber-js rather than rules of our own and stored in one form, E.164 (`+8801711223344`).
 * The shop's region (`PHONE_REGION`, default BD) says whose numbers it takes: in Bangladesh mobile numbers
 * only; elsewhere the numbers libphonenumber-js holds valid for that country.
 *
 * It loads the library's "mobile" metadata (about 24 KB gzipped): the "min" set (19 KB) checks only a
 * number's length, so it cannot tell a mobile from a landline or refuse an 012 number, and the "max" set
 * (40 KB) adds only the rules for other kinds of numbers, which a marketplace's contact does not need. That
 * is why this module has its own entry, `@furniture-mart/shared/phones`.
 */
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/mobile';
import { z } from 'zod';
import type { PhoneProblem } from './enums.js';
import { messages, phoneMessages } from './messages/index.js';
import { toLatinDigits } from './digits.js';

export type PhoneRegion = CountryCode;

/** Whether `code` is a country libphonenumber-js knows (`PHONE_REGION` is checked with it at start). */
export const isPhoneRegion = (code: string): code is PhoneRegion => isSupportedCountry(code);
export type ParsedPhone = { ok: true; e164: string } | { ok: false; reason: PhoneProblem };

/** What people put in a phone number besides digits; letters (vanity numbers) are not taken. */
const TYPED = /^[+\d\s().\-/]+$/;

const lengthProblem = (text: string, region: CountryCode): PhoneProblem | undefined => {
  const problem = validatePhoneNumberLength(text, region);
  return problem === 'TOO_SHORT' ? 'too_short' : problem === 'TOO_LONG' ? 'too_long' : undefined;
};

export function parsePhone(input: string, region: PhoneRegion = 'BD'): ParsedPhone {
  const text = toLatinDigits(input).trim();
  const refuse = (reason: PhoneProblem): ParsedPhone => ({ ok: false, reason });
  if (text === '') return refuse('empty');
  if (!TYPED.test(text)) return refuse('characters');
  const phone = parsePhoneNumberFromString(text, region);
  if (!phone) return refuse(lengthProblem(text, region) ?? 'invalid');
  if (phone.countryCallingCode !== getCountryCallingCode(region)) return refuse('other_country');
  if (!phone.isValid()) {
    return refuse(lengthProblem(phone.number, region) ?? (region === 'BD' ? 'not_mobile' : 'invalid'));
  }
  // The mobile metadata already holds a landline invalid; this keeps the rule should the set ever change.
  if (region === 'BD' && phone.getType() !== 'MOBILE') return refuse('not_mobile');
  return { ok: true, e164: phone.number };
}

/**
 * A stored number for display, grouped as its country writes it: `+880 1711 223344` (international) or
 * `01711-223344` (national). A number stored as typed before numbers were kept in one form is read in
 * `region`; anything that does not parse is shown as it is.
 */
export function formatPhone(
  e164: string,
  style: 'international' | 'national' = 'national',
  region: PhoneRegion = 'BD',
): string {
  const phone = parsePhoneNumberFromString(toLatinDigits(e164), region);
  if (!phone?.isValid()) return e164;
  return style === 'national' ? phone.formatNational() : phone.formatInternational();
}

/** A `tel:` link to a stored number: E.164 for one that parses, else its digits and plus sign as stored. */
export function phoneHref(stored: string, region: PhoneRegion = 'BD'): string {
  const phone = parsePhoneNumberFromString(toLatinDigits(stored), region);
  return phone?.isValid() ? phone.getURI() : `tel:${toLatinDigits(stored).replace(/[^\d+]/g, '')}`;
}

/** A phone field: any spelling in, the E.164 form out, each refusal in the catalogue's words. */
export const phoneSchema = (region: PhoneRegion = 'BD') =>
  z.string({ error: () => messages.required }).transform((input, ctx) => {
    const phone = parsePhone(input, region);
    if (phone.ok) return phone.e164;
    ctx.addIssue({ code: 'custom', message: phoneMessages.problem(phone.reason, region) });
    return z.NEVER;
  });

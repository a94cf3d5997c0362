/**
 * Building blocks every area's contract uses: the field rules a person types into (the web forms and the
 * server's routes share them), ids, paging, photos and the error answer.
 */
import { z } from 'zod';
import { imageLimits, pagination } from './enums.js';
import { currentLocale, messages, t, type MessageKey, type MessageValues } from './messages/index.js';
import { isAmountText, parseAmount } from './money.js';

/**
 * A schema's error message by its catalogue key, written when a value fails, so in the language of
 * that moment (the request's on the server, the page's in the browser), never frozen when the schema
 * is made. Every Zod message of the contract goes through it.
 */
export const says = (key: MessageKey, values?: MessageValues) => ({ error: () => t(key, values) });

// Issues a schema gives no words of its own (a wrong type, an unknown key) keep Zod's English on an
// English request; in another language they say "Invalid value." in it rather than English.
z.config({ customError: () => (currentLocale() === 'en' ? undefined : t('common.invalidValue')) });

const required = says('common.required');

/**
 * Characters that have no place in one line of text a person reads (a name, a title, a caption): control
 * characters, line and paragraph separators, and the direction overrides that make text read otherwise
 * than it is stored. Breaks and tabs become spaces, so words stay apart.
 */
const breaks = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
const invisible = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export function toSingleLine(value: string): string {
  return value.replace(breaks, ' ').replace(invisible, '');
}

/** A required line of text: cleaned (toSingleLine), trimmed, and empty counts as missing. */
export const requiredText = (max = 200) =>
  z
    .string(required)
    .overwrite(toSingleLine)
    .trim()
    .min(1, says('common.required'))
    .max(max, says('common.atMostCharacters', { max }));

export const emailSchema = z
  .string(required)
  .trim()
  .min(1, says('common.required'))
  .max(254, says('common.invalidEmail'))
  .pipe(z.email(says('common.invalidEmail')));

/** A new password: 8 to 128 characters, not only spaces. The server also refuses the most common ones. */
export const passwordSchema = z
  .string(required)
  .min(1, says('common.required'))
  .min(8, says('common.passwordRule'))
  .max(128, says('common.atMostCharacters', { max: 128 }))
  .refine((value) => value.trim() !== '', says('common.passwordBlank'));

/**
 * Where a request takes a phone number: the shop's rule for it (`phoneSchema(PHONE_REGION)` from the
 * `@furniture-mart/shared/phones` entry, which holds libphonenumber-js), given by the route or form that
 * builds the request's schema. It reads any spelling and gives the stored form, E.164.
 */
export type PhoneField = z.ZodType<string, string>;

/** The shape of a phone field before the shop's rule is put in: required text. */
export const phoneShape = z.string(required).trim().min(1, says('common.required'));

/**
 * A positive amount with at most two decimals, typed as text or sent as a number, in Latin or Bangla
 * digits (parseAmount reads either).
 */
export const amountSchema = z
  .union([z.string(required), z.number(required)], required)
  .refine((value) => String(value).trim() !== '', says('common.required'))
  .refine((value) => isAmountText(value), says('common.invalidPrice'));

/**
 * An amount read in minor units of `currency` (none for JPY, three for BHD). Issues are raised on the
 * field itself, so the answer names it.
 */
export function toMinorUnits(currency: string, max = Number.MAX_SAFE_INTEGER, tooHigh?: () => string) {
  return (value: string | number, ctx: z.RefinementCtx): number => {
    const minor = parseAmount(value, currency);
    if (minor === null) ctx.addIssue({ code: 'custom', message: messages.invalidPrice });
    else if (minor > max) ctx.addIssue({ code: 'custom', message: tooHigh?.() ?? messages.invalidPrice });
    return minor ?? 0;
  };
}

export const yearsUsedSchema = z
  .union([z.string(required), z.number(required)], required)
  .refine((value) => String(value).trim() !== '', says('common.required'))
  .refine((value) => {
    const text = String(value).trim();
    return /^\d{1,3}$/.test(text) && Number(text) <= 100;
  }, says('common.invalidYears'));

/** One of a fixed list; a missing or unknown value reads as a field to fill in. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, says('common.required'));

// ---------- requests every list and item route shares ----------

export const idParams = z.object({ id: z.uuid(says('common.invalidId')) });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(pagination.maxPageSize, says('common.pageSizeAtMost', { max: pagination.maxPageSize }))
    .default(pagination.defaultPageSize),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** The ids of uploaded photos in the order they are shown; the first is the cover. */
export const photoIdsSchema = z
  .array(z.uuid(says('common.invalidPhoto')), required)
  .min(imageLimits.minPhotos, says('common.required'))
  .max(imageLimits.maxPhotos, says('seller.tooManyPhotos'))
  .refine((ids) => new Set(ids).size === ids.length, says('common.photoUsedTwice'));

// ---------- answers ----------

/** One page of a list; `total` counts every item the query matches. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export const photoSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbWidth: z.number().int(),
  thumbHeight: z.number().int(),
  /** A size between the two for phones and mid-sized cards; null for photos stored before it existed. */
  middleUrl: z.string().nullable(),
  middleWidth: z.number().int().nullable(),
  middleHeight: z.number().int().nullable(),
});
export type Photo = z.infer<typeof photoSchema>;

/** A 204 answer: no body. */
export const noContent = z.null().describe('Done');

/** The body of every 4xx and 5xx answer. */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

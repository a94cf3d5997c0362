/**
 * The single source of truth for request bodies and queries: the web forms validate with these and the
 * server's routes declare them, so a rule cannot drift between the two.
 * Schemas validate what a person types; services turn amounts into cents (money.ts).
 */
import { z } from 'zod';
import {
  conditions,
  locations,
  pagination,
  imageLimits,
  productSorts,
  reportReasons,
  signUpRoles,
} from './enums.js';
import { messages } from './messages.js';
import { isAmountText } from './money.js';

const required = { error: messages.required };

/** A required text field: trimmed, and empty counts as missing. */
export const requiredText = (max = 200) =>
  z
    .string(required)
    .trim()
    .min(1, messages.required)
    .max(max, `Use at most ${max} characters.`);

export const emailSchema = z
  .string(required)
  .trim()
  .min(1, messages.required)
  .max(254, messages.invalidEmail)
  .pipe(z.email(messages.invalidEmail));

/** A new password: 8 to 128 characters, not only spaces. The server also refuses the most common ones. */
export const passwordSchema = z
  .string(required)
  .min(1, messages.required)
  .min(8, messages.passwordRule)
  .max(128, 'Use at most 128 characters.')
  .refine((value) => value.trim() !== '', messages.passwordBlank);

export const phoneSchema = z
  .string(required)
  .trim()
  .min(1, messages.required)
  .max(24, messages.invalidPhone)
  .refine((value) => {
    if (!/^\+?[\d\s()-]+$/.test(value)) return false;
    const digits = value.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, messages.invalidPhone);

/** A positive amount with at most two decimals, typed as text or sent as a number. */
export const amountSchema = z
  .union([z.string(required), z.number(required)], required)
  .refine((value) => String(value).trim() !== '', messages.required)
  .refine((value) => isAmountText(value), messages.invalidPrice);

export const yearsUsedSchema = z
  .union([z.string(required), z.number(required)], required)
  .refine((value) => String(value).trim() !== '', messages.required)
  .refine((value) => {
    const text = String(value).trim();
    return /^\d{1,3}$/.test(text) && Number(text) <= 100;
  }, messages.invalidYears);

const optionalCm = z
  .union([z.string(), z.number()])
  .optional()
  .refine((value) => {
    if (value === undefined || String(value).trim() === '') return true;
    const text = String(value).trim();
    return /^\d{1,4}$/.test(text) && Number(text) > 0 && Number(text) <= 1000;
  }, 'Enter whole centimetres from 1 to 1000.');

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: messages.required });

// ---------- accounts ----------

export const signInBody = z.object({
  email: emailSchema,
  password: z.string(required).min(1, messages.required).max(128),
});
export type SignInBody = z.infer<typeof signInBody>;

/** What the API accepts at sign-up. */
export const signUpBody = z.object({
  name: requiredText(80),
  email: emailSchema,
  password: passwordSchema,
  role: choice(signUpRoles).default('buyer'),
});
export type SignUpBody = z.input<typeof signUpBody>;

/** The sign-up form adds the confirmation field, checked in the browser only. */
export const signUpForm = signUpBody
  .extend({
    role: choice(signUpRoles),
    confirmPassword: z.string(required).min(1, messages.required),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type SignUpForm = z.input<typeof signUpForm>;

/** Changing a password: the current one proves it is the account's owner. */
export const changePasswordBody = z.object({
  currentPassword: z.string(required).min(1, messages.required).max(128),
  newPassword: passwordSchema,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** The change-password form adds the confirmation field, checked in the browser only. */
export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string(required).min(1, messages.required) })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

// ---------- lists ----------

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(pagination.maxPageSize, `pageSize can be at most ${pagination.maxPageSize}.`)
    .default(pagination.defaultPageSize),
});
export type PageQuery = z.infer<typeof pageQuery>;

const optionalAmountQuery = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || isAmountText(value), messages.invalidPrice);

export const productListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  sort: z.enum(productSorts).default('newest'),
  minPrice: optionalAmountQuery,
  maxPrice: optionalAmountQuery,
  condition: z.enum(conditions).optional(),
  location: z.enum(locations).optional(),
  category: z.string().trim().max(64).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const userListQuery = pageQuery.extend({ q: z.string().trim().max(100).optional() });

export const idParams = z.object({ id: z.uuid('Not a valid id.') });

// ---------- seller ----------

export const productCreateBody = z.object({
  title: requiredText(120),
  phone: phoneSchema,
  originalPrice: amountSchema,
  sellingPrice: amountSchema,
  yearsUsed: yearsUsedSchema,
  description: z
    .string({ error: messages.enterDescription })
    .trim()
    .min(1, messages.enterDescription)
    .max(4000, 'Use at most 4000 characters.'),
  location: choice(locations),
  condition: choice(conditions),
  categoryId: z.uuid({ error: messages.required }),
  photoIds: z
    .array(z.uuid())
    .min(imageLimits.minPhotos, 'Add at least one photo.')
    .max(imageLimits.maxPhotos, `Add at most ${imageLimits.maxPhotos} photos.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each photo can be used once.'),
  widthCm: optionalCm,
  depthCm: optionalCm,
  heightCm: optionalCm,
});
export type ProductCreateBody = z.input<typeof productCreateBody>;

// ---------- buyer ----------

export const bookingCreateBody = z.object({
  productId: z.uuid('Not a valid product.'),
  phone: phoneSchema,
  meetingLocation: requiredText(200),
});
export type BookingCreateBody = z.input<typeof bookingCreateBody>;

export const reportCreateBody = z.object({
  productId: z.uuid('Not a valid product.'),
  reason: choice(reportReasons),
  details: z.string().trim().max(1000, 'Use at most 1000 characters.').optional(),
});
export type ReportCreateBody = z.input<typeof reportCreateBody>;

// ---------- payments (sandbox card form) ----------

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const sandboxCardBody = z.object({
  cardNumber: z
    .string(required)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => /^\d{12,19}$/.test(value) && luhnValid(value), 'Your card number is invalid.'),
  expiry: z
    .string(required)
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, 'Enter the expiry as MM/YY.'),
  cvc: z.string(required).trim().regex(/^\d{3,4}$/, 'Your card’s security code is invalid.'),
  name: requiredText(100),
});
export type SandboxCardBody = z.input<typeof sandboxCardBody>;

// ---------- newsletter ----------

export const newsletterBody = z.object({ email: emailSchema });
export type NewsletterBody = z.infer<typeof newsletterBody>;

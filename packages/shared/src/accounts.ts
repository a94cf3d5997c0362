/** Accounts: sign-up, sign-in, passwords, the signed-in user and the public configuration. */
import { z } from 'zod';
import { paymentMethods, roles, signUpRoles, walletProviderNames } from './enums.js';
import { locales, messages } from './messages/index.js';
import { choice, emailSchema, passwordSchema, requiredText, says } from './common.js';

const required = says('common.required');

// ---------- requests ----------

export const signInBody = z.object({
  email: emailSchema,
  password: z.string(required).min(1, says('common.required')).max(128),
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
    confirmPassword: z.string(required).min(1, says('common.required')),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: () => messages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type SignUpForm = z.input<typeof signUpForm>;

/** Changing a password: the current one proves it is the account's owner. */
export const changePasswordBody = z.object({
  currentPassword: z.string(required).min(1, says('common.required')).max(128),
  newPassword: passwordSchema,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** The change-password form adds the confirmation field, checked in the browser only. */
export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string(required).min(1, says('common.required')) })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: () => messages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

// ---------- answers ----------

/** The signed-in user as the API shows them (the server's viewer of a request). */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(roles),
  verified: z.boolean(),
  /** The email address was confirmed through the verification mail. */
  emailVerified: z.boolean(),
  /** The language the person reads the site and their mail in. */
  locale: z.enum(locales),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/me. */
export const meSchema = z.object({
  user: sessionUserSchema,
  isAdmin: z.boolean(),
  isBuyer: z.boolean(),
  isSeller: z.boolean(),
  isVerified: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const cardProviderNames = ['sandbox', 'stripe'] as const;

/** GET /api/config: what the web app needs before anyone signs in. */
export const publicConfigSchema = z.object({
  currency: z.string(),
  /** Whose phone numbers the shop takes (PHONE_REGION, an ISO 3166 country code such as BD). */
  phoneRegion: z.string(),
  /** The address people use (links to share, the pages' canonical addresses). */
  publicUrl: z.string(),
  /** Whether visitors may browse categories and search (CATALOGUE_ACCESS), or only people signed in. */
  catalogueAccess: z.enum(['signed-in', 'public']),
  googleEnabled: z.boolean(),
  payments: z.object({
    provider: z.enum(cardProviderNames),
    publishableKey: z.string().nullable(),
    /** The ways to pay the shop allows (PAYMENT_METHODS); a listing may allow fewer. */
    methods: z.array(z.enum(paymentMethods)),
    wallet: z.enum(walletProviderNames),
    /** How long a cash reservation holds a piece (CASH_HOLD_HOURS). */
    cashHoldHours: z.number(),
  }),
  /** Offers (issue 40): the lowest offer as a per cent of the price, and the hours a seller has to answer. */
  offers: z.object({ minPercent: z.number().int(), hours: z.number().int() }).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** POST /api/locale: the language switch. */
export const localeBody = z.object({ locale: z.enum(locales, says('common.chooseOption')) }).strict();
export type LocaleBody = z.infer<typeof localeBody>;

// ---------- the API's account endpoints (Better Auth behind an allow-list) ----------

/**
 * Where Better Auth sends the browser afterwards. It may end up in a Location header, which only carries
 * printable ASCII (browsers percent-encode anything else in a URL), so other characters are refused here.
 */
const callbackUrl = z
  .string()
  .max(500)
  .regex(/^[\x21-\x7e]*$/, says('errors.callbackUrl'))
  .optional();

/** Where recovery links lead afterwards: a path of this site only (never another origin). */
const localPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, says('errors.localPath'))
  .optional();

/**
 * The request of every account endpoint, strict (an unknown key is refused). `newPassword` is the rule
 * for a new password: the server adds its check against the most common passwords, a list too large to
 * send to the browser.
 */
export function accountRequests(newPassword: z.ZodType<string> = passwordSchema) {
  return {
    signUp: signUpBody
      .extend({ password: newPassword, callbackURL: callbackUrl, rememberMe: z.boolean().optional() })
      .strict(),
    signIn: signInBody.extend({ callbackURL: callbackUrl, rememberMe: z.boolean().optional() }).strict(),
    social: z
      .object({
        provider: z.literal('google'),
        callbackURL: callbackUrl,
        errorCallbackURL: callbackUrl,
        newUserCallbackURL: callbackUrl,
        disableRedirect: z.boolean().optional(),
      })
      .strict(),
    /** What Google sends back to the OAuth callback. */
    oauthCallbackQuery: z
      .object({
        code: z.string().max(2000).optional(),
        state: z.string().max(2000).optional(),
        error: z.string().max(200).optional(),
        error_description: z.string().max(1000).optional(),
        scope: z.string().max(2000).optional(),
        authuser: z.string().max(20).optional(),
        prompt: z.string().max(100).optional(),
        hd: z.string().max(255).optional(),
      })
      .strict(),
    signOut: z.object({}).strict().optional(),
    /** Only the display name and picture can change after sign-up; role and verification never. */
    updateUser: z
      .object({
        name: requiredText(80).optional(),
        image: z.url().max(500).nullable().optional(),
      })
      .strict(),
    changePassword: changePasswordBody.extend({ newPassword }).strict(),
    requestReset: z.object({ email: z.email().max(254), redirectTo: localPath }).strict(),
    resetPassword: z.object({ newPassword, token: z.string().min(1).max(200) }).strict(),
    sendVerification: z.object({ email: z.email().max(254), callbackURL: localPath }).strict(),
    verifyEmailQuery: z.object({ token: z.string().min(1).max(2000), callbackURL: localPath }).strict(),
  };
}

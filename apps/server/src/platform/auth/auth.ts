/**
 * Better Auth, configured for our rules: email + password and (when configured) Google, httpOnly cookie
 * sessions stored in the database, UUID ids, and roles that a client can only choose at sign-up
 * (buyer or seller). Admin is granted from the server's shell only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import {
  currentLocale,
  errorMessages,
  messages,
  signUpBody,
  signUpRoles,
  type SignUpRole,
} from '@furniture-mart/shared';
import { allowedOrigins, type Config } from '../../config.js';
import type { Db } from '../db/client.js';
import { accounts, sessions, users, verifications } from '../db/schema.js';

/**
 * Fields Better Auth may receive at sign-up; anything else is refused. The role is not among them: it is
 * not a Better Auth input field at all, and reaches the new user only through `signUpRole` below.
 */
const SIGN_UP_KEYS = new Set(['name', 'email', 'password', 'callbackURL', 'rememberMe']);

/** Display names are cut to this length on every way an account is created or changed. */
const NAME_MAX = 80;

/**
 * The role chosen at email sign-up, for the length of that one request (accounts.routes.ts checked it is
 * buyer or seller). Held in process memory, so no client header or body field can forge it.
 */
export const signUpRole = new AsyncLocalStorage<SignUpRole>();

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
  /** Sends the reset and verification links Better Auth asks for (the accounts module queues them as mail). */
  recoveryMail: RecoveryMail;
}

interface RecoveryLink {
  user: { email: string; name: string };
  token: string;
}
export interface RecoveryMail {
  sendResetPassword(link: RecoveryLink): Promise<void>;
  sendVerificationEmail(link: RecoveryLink): Promise<void>;
}

export function createAuth({ config, db, secret, recoveryMail: mail }: AuthOptions) {
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
      : {};

  return betterAuth({
    appName: 'Furniture Mart',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    telemetry: { enabled: false },
    logger: { disabled: config.LOG_LEVEL === 'silent', level: 'warn' },
    // OAuth failures (closed popup, bad state) land on the login page, which explains them.
    onAPIError: { errorURL: new URL('/login', config.PUBLIC_URL).toString() },
    // Requests are rate limited by Fastify per client address (see auth.routes.ts).
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Password reset (modules/accounts/recovery-mail.ts): a one-hour, single-use link; other sessions end.
      sendResetPassword: mail.sendResetPassword,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // One reset is enough: every other link of the account stops working once a password is set.
      onPasswordReset: async ({ user }) => {
        await db
          .delete(verifications)
          .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, user.id)));
      },
    },
    // Email verification: sent at sign-up, never required (docs/decisions/0013).
    emailVerification: {
      sendOnSignUp: true,
      sendVerificationEmail: mail.sendVerificationEmail,
      expiresIn: 60 * 60 * 24,
    },
    socialProviders: google,
    account: {
      // Google links to an existing account only when that account's email was verified locally, so an
      // unverified email/password account is never silently taken over by a Google identity.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'buyer', input: false },
        verified: { type: 'boolean', required: false, defaultValue: false, input: false },
        locale: { type: 'string', required: false, defaultValue: 'en', input: false },
        deletedAt: { type: 'date', required: false, input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Endpoints we do not offer. Profile edits (/update-user) stay, behind a strict schema in auth.routes.ts.
    disabledPaths: [
      // These answer the raw session token as JSON, which would hand the httpOnly cookie's secret to any
      // script on the page; the web app asks GET /api/me instead.
      '/get-session',
      '/list-sessions',
      '/change-email',
      '/delete-user',
      '/delete-user/callback',
      '/link-social',
      '/unlink-account',
    ],
    // Exactly the origins http/security.ts accepts; never derived from the Host header.
    trustedOrigins: allowedOrigins(config),
    advanced: {
      // One statement for a session and its user (relations in db/schema.ts).
      database: { generateId: 'uuid', joins: true },
      useSecureCookies: config.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      // The address Fastify worked out (honouring TRUST_PROXY's hops or addresses), set by auth.routes.ts.
      ipAddress: { ipAddressHeaders: ['x-furniture-mart-client-ip'] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const extra = Object.keys(body).filter((key) => !SIGN_UP_KEYS.has(key));
        if (extra.length > 0) {
          throw new APIError('BAD_REQUEST', {
            code: 'FIELD_NOT_ALLOWED',
            message: errorMessages.fieldsNotAllowed(extra.join(', ')),
          });
        }
        const parsed = signUpBody.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new APIError('BAD_REQUEST', {
            code: 'VALIDATION_FAILED',
            message: `${issue.path.join('.') || 'body'}: ${issue.message}`,
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            // Email sign-up keeps the checked choice; every other way in (Google) creates a buyer.
            const requested = ctx?.path === '/sign-up/email' ? signUpRole.getStore() : undefined;
            const role = requested && signUpRoles.includes(requested) ? requested : 'buyer';
            // A new account reads the site and its mail in the language it signed up in.
            const locale = currentLocale();
            return { data: { ...user, name: cutName(user.name), role, verified: false, locale } };
          },
        },
        update: {
          before: async (user) => {
            if (typeof user.name !== 'string') return { data: user };
            return { data: { ...user, name: cutName(user.name) } };
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [owner] = await db
              .select({ deletedAt: users.deletedAt })
              .from(users)
              .where(eq(users.id, session.userId as string));
            if (!owner || owner.deletedAt) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_REMOVED',
                message: messages.accountRemoved,
              });
            }
          },
        },
      },
    },
  });
}

/** A name from any source (a Google profile included) within the limit every answer relies on. */
function cutName(name: unknown): string {
  const text = typeof name === 'string' ? name.trim() : '';
  return Array.from(text).slice(0, NAME_MAX).join('') || 'Furniture Mart member';
}

export type Auth = ReturnType<typeof createAuth>;

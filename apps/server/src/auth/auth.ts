/**
 * Better Auth, configured for our rules: email + password and (when configured) Google, httpOnly cookie
 * sessions stored in the database, UUID ids, and roles that a client can only choose at sign-up
 * (buyer or seller). Admin is granted from the server's shell only.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { signUpBody, signUpRoles } from '@furniture-mart/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { accounts, sessions, users, verifications } from '../db/schema.js';
import { recoveryMail } from './recovery-mail.js';

/** Fields a client may send to sign-up; anything else (role escalation, verified, ...) is refused. */
const SIGN_UP_KEYS = new Set(['name', 'email', 'password', 'role', 'callbackURL', 'rememberMe']);

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
}

export function createAuth({ config, db, secret }: AuthOptions) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
      : {};

  const mail = recoveryMail(db, config.PUBLIC_URL);

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
      // Password reset (auth/recovery-mail.ts): a one-hour, single-use link; other sessions end.
      sendResetPassword: mail.sendResetPassword,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
    },
    // Email verification: sent at sign-up, never required (docs/decisions/0010).
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
        role: { type: 'string', required: false, defaultValue: 'buyer', input: true },
        verified: { type: 'boolean', required: false, defaultValue: false, input: false },
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
    trustedOrigins: (request) => {
      const origins = [publicOrigin];
      const host = request?.headers.get('host');
      // Same-origin requests from a LAN address or another host name of this server are fine.
      if (host) origins.push(`http://${host}`, `https://${host}`);
      return origins;
    },
    advanced: {
      // One statement for a session and its user (relations in db/schema.ts).
      database: { generateId: 'uuid', joins: true },
      useSecureCookies: config.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: {
        ipAddressHeaders: config.TRUST_PROXY ? ['x-forwarded-for'] : ['x-furniture-mart-client-ip'],
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const extra = Object.keys(body).filter((key) => !SIGN_UP_KEYS.has(key));
        if (extra.length > 0) {
          throw new APIError('BAD_REQUEST', {
            code: 'FIELD_NOT_ALLOWED',
            message: `These fields cannot be set: ${extra.join(', ')}.`,
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
            const requested = ctx?.path === '/sign-up/email' ? user.role : undefined;
            const role = signUpRoles.includes(requested as never) ? (requested as string) : 'buyer';
            return { data: { ...user, role, verified: false } };
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
                message: 'This account has been removed.',
              });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

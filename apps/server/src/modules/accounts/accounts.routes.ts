/**
 * Better Auth behind an allow-list: each endpoint the product uses is registered here explicitly, with
 * our own body schema (the same rules as the web forms) and rate limit, and forwarded to Better Auth
 * under its registered path. Every other address under /api/auth answers 404, so there is no second way
 * into an endpoint with fewer checks. Answers are rewritten into the API's error format with the
 * product's own messages, and no answer carries the session token in its body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../platform/auth/allow.js';
import { fromNodeHeaders } from 'better-auth/node';
import {
  accountMessages,
  accountRequests,
  currentLocale,
  errorCodes,
  errorMessages,
  localeBody,
  meSchema,
  messages,
  noContent,
  publicConfigSchema,
  type ErrorCode,
  type SignUpRole,
} from '@furniture-mart/shared';
import { signUpRole } from '../../platform/auth/auth.js';
import { meOf } from '../../platform/auth/viewer.js';
import { newPasswordSchema } from '../../platform/auth/passwords.js';
import { signInGuard } from './sign-in-guard.js';
import { AttemptLimit } from '../../platform/attempts.js';
import { AppError } from '../../platform/errors.js';
import { keepLocale } from '../../platform/locale.js';

/** The requests of the account endpoints, with the server's check against common passwords. */
const requests = accountRequests(newPasswordSchema);

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const perAddress = {
    rateLimit: { max: config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' },
  };
  // Password guesses (sign-in-guard.ts); a successful sign-in gives its attempt back. Wrong current
  // passwords at change-password count like failed sign-ins.
  const guesses = signInGuard(app);
  // Signed out (401) is answered before the body is looked at, as on every route that needs a session;
  // declared through allow() so the OpenAPI document marks these routes as needing the session.
  const signedIn = allow().preValidation;

  route.post(
    '/api/auth/sign-up/email',
    {
      config: perAddress,
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (buyer or seller) and sign in',
        body: requests.signUp,
      },
    },
    async (request, reply) => {
      // The role goes to Better Auth out of band (see signUpRole), never as one of its input fields.
      const { role, ...body } = request.body;
      const response = await signUpRole.run(role as SignUpRole, () => callAuth(app, request, body));
      // The new account took the request's language; the browser keeps it from now on.
      if (response.ok) keepLocale(reply, request.locale);
      return sendAuthAnswer(reply, response);
    },
  );
  route.post(
    '/api/auth/sign-in/email',
    {
      schema: { tags: ['accounts'], summary: 'Sign in with email and password', body: requests.signIn },
    },
    async (request, reply) => {
      const attempt = await guesses.begin(request.body.email, request.ip);
      const response = await callAuth(app, request, request.body);
      await guesses.settle(attempt, request.body.email, response.status === 401);
      // Signed in: the account's language is the browser's from now on.
      if (response.ok) {
        const locale = await app.services.languages.ofAddress(request.body.email);
        if (locale) keepLocale(reply, locale);
      }
      return sendAuthAnswer(reply, response);
    },
  );
  route.post(
    '/api/auth/sign-in/social',
    {
      config: perAddress,
      schema: {
        tags: ['accounts'],
        summary: 'Start Google sign-in; answers the URL to go to',
        body: requests.social,
      },
    },
    (request, reply) => forward(app, request, reply),
  );
  route.get(
    '/api/auth/callback/google',
    {
      config: perAddress,
      schema: {
        tags: ['accounts'],
        summary: 'Where Google sends the browser back after sign-in',
        querystring: requests.oauthCallbackQuery,
      },
    },
    (request, reply) => forward(app, request, reply),
  );
  route.post(
    '/api/auth/sign-out',
    { schema: { tags: ['accounts'], summary: 'Sign out: ends this session', body: requests.signOut } },
    async (request, reply) => {
      const viewer = await request.viewer();
      const answer = await forward(app, request, reply);
      // Every instance hears of it as it commits; this one forgets at once.
      if (viewer) app.viewers.forgetUser(viewer.id);
      return answer;
    },
  );
  route.post(
    '/api/auth/update-user',
    {
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Change your display name or picture',
        body: requests.updateUser,
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const answer = await forward(app, request, reply);
      app.viewers.forgetUser(viewer.id);
      return answer;
    },
  );
  route.post(
    '/api/auth/change-password',
    {
      config: perAddress,
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Change your password (needs the current one)',
        body: requests.changePassword,
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const attempt = await guesses.begin(viewer.email, request.ip);
      const response = await callAuth(app, request, request.body);
      const wrongPassword = response.status === 400 && (await errorCodeOf(response)) === 'INVALID_PASSWORD';
      await guesses.settle(attempt, viewer.email, wrongPassword);
      app.viewers.forgetUser(viewer.id);
      return sendAuthAnswer(reply, response);
    },
  );
  await accountRecoveryRoutes(app, perAddress);

  route.get(
    '/api/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user and role flags',
        security: [{ session: [] }],
        response: { 200: meSchema },
      },
    },
    async (request, reply) => {
      // The web app asks this on every page load, so a session in use keeps being renewed.
      return meOf(await request.requireRenewedViewer(reply));
    },
  );

  route.post(
    '/api/locale',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Choose the language of the site (kept in a cookie, and on the account when signed in)',
        body: localeBody,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      if (viewer) {
        await app.services.languages.choose(viewer.id, request.body.locale);
        // Every instance hears of it as it commits; this one forgets at once, so the next page is in it.
        app.viewers.forgetUser(viewer.id);
      }
      keepLocale(reply, request.body.locale);
      return reply.status(204).send(null);
    },
  );

  route.get(
    '/api/config',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Public configuration the web app needs',
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      currency: app.config.CURRENCY,
      phoneRegion: app.config.PHONE_REGION,
      publicUrl: app.config.PUBLIC_URL,
      catalogueAccess: app.config.CATALOGUE_ACCESS,
      googleEnabled: Boolean(app.config.GOOGLE_CLIENT_ID && app.config.GOOGLE_CLIENT_SECRET),
      payments: {
        provider: app.services.cardProvider.name as 'sandbox' | 'stripe',
        publishableKey: app.services.cardProvider.publishableKey,
        methods: app.config.PAYMENT_METHODS,
        wallet: app.services.walletProvider.name as 'wallet_sandbox' | 'bkash',
        cashHoldHours: app.config.CASH_HOLD_HOURS,
      },
      offers: { minPercent: app.config.OFFER_MIN_PERCENT, hours: app.config.OFFER_HOURS },
    }),
  );
}

async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

// ---------- password reset and email verification (Better Auth's own flows) ----------

/** How often a signed-out request may send one address its verification link again. */
export const VERIFICATION_RESEND_MINUTES = 10;

/**
 * The endpoints of account recovery, each explicit with its own schema and the sign-in rate limit.
 * An unknown email on request-password-reset gets the same answer as a known one (Better Auth's).
 */
async function accountRecoveryRoutes(
  app: FastifyInstance,
  perAddress: { rateLimit: { max: number; timeWindow: string } },
): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  // The work for an address (looking it up, writing a token, queueing the mail) is done after the answer,
  // so a known and an unknown email answer alike and in the same time.
  const afterAnswer = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(afterAnswer);
  });
  route.post(
    '/api/auth/request-password-reset',
    {
      config: perAddress,
      schema: { tags: ['accounts'], summary: 'Email a password reset link', body: requests.requestReset },
    },
    async (request, reply) => {
      // An unreachable database still answers 503 here, as everywhere, rather than a promise of a mail.
      await app.database.db.execute(sql`select 1`);
      const work = callAuth(app, request, request.body)
        .then(async (response) => {
          if (response.status >= 400) {
            request.log.error(
              { status: response.status, body: await response.text() },
              'password reset failed',
            );
          }
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset failed'))
        .finally(() => afterAnswer.delete(work));
      afterAnswer.add(work);
      return reply.send({ status: true, message: accountMessages.forgotSent });
    },
  );
  route.post(
    '/api/auth/reset-password',
    {
      config: perAddress,
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token from the reset mail (once)',
        body: requests.resetPassword,
      },
    },
    async (request, reply) => {
      const answer = await forward(app, request, reply);
      // The account is known only by its token here: forget every session kept (resets are rare).
      app.viewers.forgetAll();
      return answer;
    },
  );
  // Anyone may ask for an unverified address's link again, so without the owner's session an address
  // gets at most one a window: nobody can flood someone's inbox through us.
  const resends = new AttemptLimit(app.attemptStore, {
    windowMs: VERIFICATION_RESEND_MINUTES * 60_000,
    message: accountMessages.verifyResentRecently,
  });
  route.post(
    '/api/auth/send-verification-email',
    {
      config: perAddress,
      schema: {
        tags: ['accounts'],
        summary: 'Send the email verification link again (signed out: once per address in 10 minutes)',
        body: requests.sendVerification,
      },
    },
    async (request, reply) => {
      if (!(await request.viewer())) {
        const address = request.body.email.trim().toLowerCase();
        await resends.begin([{ key: `verification-resend:${address}`, max: 1 }]);
      }
      return forward(app, request, reply);
    },
  );
  route.get(
    '/api/auth/verify-email',
    {
      config: perAddress,
      schema: {
        tags: ['accounts'],
        summary: 'The link in the verification mail: confirms the address, then goes to callbackURL',
        querystring: requests.verifyEmailQuery,
      },
    },
    async (request, reply) => {
      const answer = await forward(app, request, reply);
      app.viewers.forgetAll();
      return answer;
    },
  );
}

/** The whole of most routes here: the checked request to Better Auth, its answer back in ours. */
async function forward(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  return sendAuthAnswer(reply, await callAuth(app, request, request.body));
}

/**
 * Calls Better Auth for the route that matched, at the path it was registered under (never the address as
 * the client spelt it), with the body our schema checked.
 */
async function callAuth(app: FastifyInstance, request: FastifyRequest, body?: unknown): Promise<Response> {
  // Better Auth turns a database error into a bare 500, so text the database cannot store (NUL) stops here.
  if (containsNul(body) || containsNul(request.query)) {
    throw new AppError('INVALID_TEXT');
  }
  const url = new URL(request.routeOptions.url!, app.config.PUBLIC_URL);
  const query = request.url.indexOf('?');
  if (query !== -1) url.search = request.url.slice(query);
  const headers = fromNodeHeaders(request.headers);
  // Better Auth records the client address from this header; only Fastify's view of it is trusted.
  headers.set('x-furniture-mart-client-ip', request.ip);
  headers.delete('content-length');
  // Better Auth has no HEAD endpoints: HEAD answers as GET does (Fastify sends no body for it).
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const hasBody = method !== 'GET';
  if (hasBody) headers.set('content-type', 'application/json');
  return app.auth.handler(
    new Request(url, { method, headers, body: hasBody ? JSON.stringify(body ?? {}) : undefined }),
  );
}

/** Better Auth's answer in ours; its failures are read by the endpoint's own path (e.g. `/sign-in/email`). */
async function sendAuthAnswer(reply: FastifyReply, response: Response) {
  const path = reply.request.routeOptions.url!.replace('/api/auth', '');
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (!['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding'].includes(key)) {
      reply.header(key, value);
    }
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.status < 400) return reply.send(withoutSessionToken(text));
  // Better Auth answers any failure of its own with a bare 500. When the database is what failed, this
  // throws its error, which answers 503 with Retry-After as every other route does in an outage.
  if (response.status >= 500) await reply.server.database.db.execute(sql`select 1`);

  const { status, code, message, fields } = toProductError(path, response.status, text);
  reply.status(status).header('content-type', 'application/json; charset=utf-8');
  return reply.send(JSON.stringify({ error: { code, message, ...(fields ? { fields } : {}) } }));
}

/**
 * Better Auth answers sign-in and sign-up with the session token in JSON; the token belongs in the
 * httpOnly cookie only, where no script on the page can read it.
 */
function withoutSessionToken(text: string): string {
  if (!text.includes('"token"')) return text;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && 'token' in parsed) {
      delete (parsed as { token?: unknown }).token;
      return JSON.stringify(parsed);
    }
  } catch {
    // not JSON: sent as it is
  }
  return text;
}

/** Whether a parsed JSON body has a NUL character in any key or string (bodies nest a few levels at most). */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
}

/** Codes our own Better Auth hooks answer with (platform/auth/auth.ts), already in the request's words. */
const ownAuthCodes = new Set(['FIELD_NOT_ALLOWED', 'VALIDATION_FAILED', 'ACCOUNT_REMOVED']);

/** One of our own error codes, with its status from the catalogue. */
const ours = (code: ErrorCode, message: string, fields?: Record<string, string>) => ({
  status: errorCodes[code].status,
  code,
  message,
  ...(fields ? { fields } : {}),
});

/**
 * Better Auth's failures in the product's words (SPEC §8), and in the API's error format. Codes Better
 * Auth has and the product does not map are passed on as they are.
 */
function toProductError(
  path: string,
  status: number,
  body: string,
): { status: number; code: string; message: string; fields?: Record<string, string> } {
  let code = 'AUTH_ERROR';
  let message = errorMessages.authFailed as string;
  try {
    const parsed = JSON.parse(body) as { code?: string; message?: string };
    if (parsed.code) code = parsed.code;
    // Better Auth's own words are English; our own hooks' (auth.ts) are in the request's language.
    if (parsed.message && (currentLocale() === 'en' || ownAuthCodes.has(code))) message = parsed.message;
  } catch {
    // not JSON: keep the generic message
  }
  if (path === '/sign-in/email' && status === 401) return ours('INVALID_CREDENTIALS', messages.loginFailed);
  if (path === '/sign-up/email' && code.startsWith('USER_ALREADY_EXISTS')) {
    return ours('EMAIL_TAKEN', messages.emailTaken);
  }
  if (path === '/change-password' && code === 'INVALID_PASSWORD') {
    return ours('WRONG_PASSWORD', messages.wrongCurrentPassword, {
      currentPassword: messages.wrongCurrentPassword,
    });
  }
  if (code === 'ACCOUNT_REMOVED') return ours('ACCOUNT_REMOVED', messages.accountRemoved);
  if (status === 429) return ours('RATE_LIMITED', messages.tooManyAttempts);
  if (path === '/reset-password' && code === 'INVALID_TOKEN') {
    return ours('INVALID_TOKEN', accountMessages.resetInvalid);
  }
  return {
    status: status >= 500 ? 500 : status,
    code,
    message: status >= 500 ? errorCodes.INTERNAL.message : message,
  };
}

/**
 * Better Auth behind an allow-list: each endpoint the product uses is registered here explicitly, with
 * our own body schema (the same rules as the web forms) and rate limit, and forwarded to Better Auth
 * under its registered path. Every other address under /api/auth answers 404, so there is no second way
 * into an endpoint with fewer checks. Answers are rewritten into the API's error format with the
 * product's own messages, and no answer carries the session token in its body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../auth/allow.js';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import {
  accountMessages,
  changePasswordBody,
  messages,
  roles,
  signInBody,
  signUpBody,
  type SignUpRole,
} from '@furniture-mart/shared';
import { signUpRole } from '../../auth/auth.js';
import { newPasswordSchema } from '../../auth/passwords.js';
import { AttemptLimit, type Attempt } from '../../lib/attempts.js';
import { BadRequest } from '../../lib/errors.js';
import { INVALID_TEXT_MESSAGE } from '../../plugins/errors.js';

/**
 * Where Better Auth sends the browser afterwards. It may end up in a Location header, which only carries
 * printable ASCII (browsers percent-encode anything else in a URL), so other characters are refused here.
 */
const callbackUrl = z
  .string()
  .max(500)
  .regex(/^[\x21-\x7e]*$/, 'Use a URL without spaces or unencoded special characters.')
  .optional();

const signUpRequest = signUpBody
  .extend({ password: newPasswordSchema, callbackURL: callbackUrl, rememberMe: z.boolean().optional() })
  .strict();
const signInRequest = signInBody
  .extend({ callbackURL: callbackUrl, rememberMe: z.boolean().optional() })
  .strict();
const socialRequest = z
  .object({
    provider: z.literal('google'),
    callbackURL: callbackUrl,
    errorCallbackURL: callbackUrl,
    newUserCallbackURL: callbackUrl,
    disableRedirect: z.boolean().optional(),
  })
  .strict();
/** What Google sends back to the OAuth callback. */
const oauthCallbackQuery = z
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
  .strict();
const emptyBody = z.object({}).strict().optional();

/** Only the display name and picture can change after sign-up; role and verification never. */
const updateUserRequest = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    image: z.url().max(500).nullable().optional(),
  })
  .strict();

const changePasswordRequest = changePasswordBody.extend({ newPassword: newPasswordSchema }).strict();

const meSchema = z.object({
  user: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    role: z.enum(roles),
    verified: z.boolean(),
    emailVerified: z.boolean(),
  }),
  isAdmin: z.boolean(),
  isBuyer: z.boolean(),
  isSeller: z.boolean(),
  isVerified: z.boolean(),
});

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const perAddress = {
    rateLimit: { max: config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' },
  };
  // Password guesses, counted per account and per client address; a successful sign-in gives its
  // attempt back. Wrong current passwords at change-password count against the same account budget.
  const guesses = new AttemptLimit(app.attemptStore, {
    windowMs: config.SIGN_IN_FAILURE_WINDOW_MINUTES * 60_000,
    message: messages.signInLimitReached,
  });
  const guessLimits = (email: string, ip: string) => [
    { key: `password-guess:account:${email.trim().toLowerCase()}`, max: config.SIGN_IN_FAILURES_PER_ACCOUNT },
    { key: `password-guess:address:${ip}`, max: config.SIGN_IN_FAILURES_PER_ADDRESS },
  ];
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
        body: signUpRequest,
      },
    },
    async (request, reply) => {
      // The role goes to Better Auth out of band (see signUpRole), never as one of its input fields.
      const { role, ...body } = request.body;
      const response = await signUpRole.run(role as SignUpRole, () => callAuth(app, request, body));
      return sendAuthAnswer(reply, response);
    },
  );
  route.post(
    '/api/auth/sign-in/email',
    {
      schema: { tags: ['accounts'], summary: 'Sign in with email and password', body: signInRequest },
    },
    async (request, reply) => {
      const attempt = await guesses.begin(guessLimits(request.body.email, request.ip));
      const response = await callAuth(app, request, request.body);
      await settle(attempt, response.status === 401);
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
        body: socialRequest,
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
        querystring: oauthCallbackQuery,
      },
    },
    (request, reply) => forward(app, request, reply),
  );
  route.post(
    '/api/auth/sign-out',
    { schema: { tags: ['accounts'], summary: 'Sign out: ends this session', body: emptyBody } },
    (request, reply) => forward(app, request, reply),
  );
  route.post(
    '/api/auth/update-user',
    {
      preValidation: signedIn,
      schema: { tags: ['accounts'], summary: 'Change your display name or picture', body: updateUserRequest },
    },
    (request, reply) => forward(app, request, reply),
  );
  route.post(
    '/api/auth/change-password',
    {
      config: perAddress,
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Change your password (needs the current one)',
        body: changePasswordRequest,
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const attempt = await guesses.begin(guessLimits(viewer.email, request.ip));
      const response = await callAuth(app, request, request.body);
      await settle(attempt, response.status === 400 && (await errorCodeOf(response)) === 'INVALID_PASSWORD');
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
      const user = await request.requireRenewedViewer(reply);
      return {
        user,
        isAdmin: user.role === 'admin',
        isBuyer: user.role === 'buyer',
        isSeller: user.role === 'seller',
        isVerified: user.verified,
      };
    },
  );

  route.get(
    '/api/config',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Public configuration the web app needs',
        response: {
          200: z.object({
            currency: z.string(),
            googleEnabled: z.boolean(),
            payments: z.object({
              provider: z.enum(['sandbox', 'stripe']),
              publishableKey: z.string().nullable(),
            }),
          }),
        },
      },
    },
    async () => ({
      currency: app.config.CURRENCY,
      googleEnabled: Boolean(app.config.GOOGLE_CLIENT_ID && app.config.GOOGLE_CLIENT_SECRET),
      payments: {
        provider: app.services.paymentProvider.name,
        publishableKey: app.services.paymentProvider.publishableKey,
      },
    }),
  );
}

/** A failed guess stays counted; anything else gives the attempt back. */
function settle(attempt: Attempt, failedGuess: boolean): Promise<void> {
  return failedGuess ? attempt.failed() : attempt.succeeded();
}

async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

// ---------- password reset and email verification (Better Auth's own flows) ----------

/** Where recovery links lead afterwards: a path of this site only (never another origin). */
const localPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, 'Use a path of this site, starting with /.')
  .optional();

const requestResetRequest = z.object({ email: z.email().max(254), redirectTo: localPath }).strict();
const resetPasswordRequest = z
  .object({
    newPassword: newPasswordSchema,
    token: z.string().min(1).max(200),
  })
  .strict();
const sendVerificationRequest = z.object({ email: z.email().max(254), callbackURL: localPath }).strict();
const verifyEmailQuery = z.object({ token: z.string().min(1).max(2000), callbackURL: localPath }).strict();

/**
 * The endpoints of account recovery, each explicit with its own schema and the sign-in rate limit.
 * An unknown email on request-password-reset gets the same answer as a known one (Better Auth's).
 */
async function accountRecoveryRoutes(
  app: FastifyInstance,
  perAddress: { rateLimit: { max: number; timeWindow: string } },
): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.post(
    '/api/auth/request-password-reset',
    {
      config: perAddress,
      schema: { tags: ['accounts'], summary: 'Email a password reset link', body: requestResetRequest },
    },
    (request, reply) => forward(app, request, reply),
  );
  route.post(
    '/api/auth/reset-password',
    {
      config: perAddress,
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token from the reset mail (once)',
        body: resetPasswordRequest,
      },
    },
    (request, reply) => forward(app, request, reply),
  );
  route.post(
    '/api/auth/send-verification-email',
    {
      config: perAddress,
      schema: {
        tags: ['accounts'],
        summary: 'Send the email verification link again',
        body: sendVerificationRequest,
      },
    },
    (request, reply) => forward(app, request, reply),
  );
  route.get(
    '/api/auth/verify-email',
    {
      config: perAddress,
      schema: {
        tags: ['accounts'],
        summary: 'The link in the verification mail: confirms the address, then goes to callbackURL',
        querystring: verifyEmailQuery,
      },
    },
    (request, reply) => forward(app, request, reply),
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
    throw new BadRequest(INVALID_TEXT_MESSAGE, undefined, 'INVALID_TEXT');
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

/** Better Auth's failures in the product's words (SPEC §8), and in the API's error format. */
function toProductError(
  path: string,
  status: number,
  body: string,
): { status: number; code: string; message: string; fields?: Record<string, string> } {
  let code = 'AUTH_ERROR';
  let message = 'Something went wrong while signing you in. Please try again.';
  try {
    const parsed = JSON.parse(body) as { code?: string; message?: string };
    if (parsed.code) code = parsed.code;
    if (parsed.message) message = parsed.message;
  } catch {
    // not JSON: keep the generic message
  }
  if (path === '/sign-in/email' && status === 401) {
    return { status: 401, code: 'INVALID_CREDENTIALS', message: messages.loginFailed };
  }
  if (path === '/sign-up/email' && code.startsWith('USER_ALREADY_EXISTS')) {
    return { status: 409, code: 'EMAIL_TAKEN', message: messages.emailTaken };
  }
  if (path === '/change-password' && code === 'INVALID_PASSWORD') {
    return {
      status: 400,
      code: 'WRONG_PASSWORD',
      message: messages.wrongCurrentPassword,
      fields: { currentPassword: messages.wrongCurrentPassword },
    };
  }
  if (code === 'ACCOUNT_REMOVED') return { status: 403, code, message: messages.accountRemoved };
  if (status === 429) return { status, code: 'RATE_LIMITED', message: messages.tooManyAttempts };
  if (path === '/reset-password' && code === 'INVALID_TOKEN') {
    return { status: 400, code, message: accountMessages.resetInvalid };
  }
  return {
    status: status >= 500 ? 500 : status,
    code,
    message: status >= 500 ? 'Something went wrong on our side. Please try again.' : message,
  };
}

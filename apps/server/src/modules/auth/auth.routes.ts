/**
 * Better Auth mounted under /api/auth, plus the current user and the public configuration.
 * Sign-in and sign-up get our body schemas (same rules as the web forms), a per-address rate limit,
 * and answers rewritten into the API's error format with the product's own messages.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../auth/allow.js';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { messages, roles, signInBody, signUpBody } from '@furniture-mart/shared';
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
  .extend({ callbackURL: callbackUrl, rememberMe: z.boolean().optional() })
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

/** Only the display name and picture can change after sign-up; role and verification never. */
const updateUserRequest = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    image: z.url().max(500).nullable().optional(),
  })
  .strict();

const meSchema = z.object({
  user: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    role: z.enum(roles),
    verified: z.boolean(),
  }),
  isAdmin: z.boolean(),
  isBuyer: z.boolean(),
  isSeller: z.boolean(),
  isVerified: z.boolean(),
});

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const limited = {
    rateLimit: { max: app.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' },
  };

  route.post(
    '/api/auth/sign-up/email',
    {
      config: limited,
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (buyer or seller) and sign in',
        body: signUpRequest,
      },
    },
    (request, reply) => forwardToAuth(app, request, reply),
  );
  route.post(
    '/api/auth/sign-in/email',
    {
      config: limited,
      schema: { tags: ['accounts'], summary: 'Sign in with email and password', body: signInRequest },
    },
    (request, reply) => forwardToAuth(app, request, reply),
  );
  route.post(
    '/api/auth/sign-in/social',
    {
      config: limited,
      schema: {
        tags: ['accounts'],
        summary: 'Start Google sign-in; answers the URL to go to',
        body: socialRequest,
      },
    },
    (request, reply) => forwardToAuth(app, request, reply),
  );
  route.post(
    '/api/auth/update-user',
    {
      // Signed out (401) is answered before the body is looked at, as on every route that needs a session.
      ...allow(),
      schema: { tags: ['accounts'], summary: 'Change your display name or picture', body: updateUserRequest },
    },
    (request, reply) => forwardToAuth(app, request, reply),
  );
  route.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: {
      tags: ['accounts'],
      summary: 'Other Better Auth endpoints (sign-out, session, OAuth callback)',
    },
    handler: (request, reply) => forwardToAuth(app, request, reply),
  });

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

async function forwardToAuth(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  // Better Auth turns a database error into a bare 500, so text the database cannot store (NUL) stops here.
  if (/%00/.test(request.url) || containsNul(request.body)) {
    throw new BadRequest(INVALID_TEXT_MESSAGE, undefined, 'INVALID_TEXT');
  }
  const url = new URL(request.url, app.config.PUBLIC_URL);
  const headers = fromNodeHeaders(request.headers);
  // Better Auth records the client address from this header; only Fastify's view of it is trusted.
  headers.set('x-furniture-mart-client-ip', request.ip);
  headers.delete('content-length');
  // Better Auth has no HEAD endpoints: HEAD answers as GET does (Fastify sends no body for it).
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const hasBody = method !== 'GET';
  if (hasBody) headers.set('content-type', 'application/json');
  const response = await app.auth.handler(
    new Request(url, {
      method,
      headers,
      body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
    }),
  );

  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (!['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding'].includes(key)) {
      reply.header(key, value);
    }
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.status < 400) return reply.send(text);

  const path = url.pathname.replace('/api/auth', '');
  const { status, code, message } = toProductError(path, response.status, text);
  reply.status(status).header('content-type', 'application/json; charset=utf-8');
  return reply.send(JSON.stringify({ error: { code, message } }));
}

/** Whether a parsed JSON body has a NUL character in any key or string (bodies nest a few levels at most). */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
}

/** Better Auth's failures in the product's words (SPEC §8), and in the API's error format. */
function toProductError(path: string, status: number, body: string) {
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
  if (code === 'ACCOUNT_REMOVED') return { status: 403, code, message: messages.accountRemoved };
  if (status === 429) return { status, code: 'RATE_LIMITED', message: messages.tooManyAttempts };
  return {
    status: status >= 500 ? 500 : status,
    code,
    message: status >= 500 ? 'Something went wrong on our side. Please try again.' : message,
  };
}

/**
 * Security headers and the same-origin rule for every state-changing request.
 * The CSP has no upgrade-insecure-requests and HSTS is sent only over https, so the product also works
 * over plain HTTP on a LAN address. Helmet says which headers and values; they are the same for every
 * answer, so they are worked out once at start and set as they are (helmet parses its options again on
 * every call, which cost a fifth of an answer's time).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@furniture-mart/shared';
import helmet, { type HelmetOptions } from 'helmet';
import { allowedOrigins } from '../config.js';
import { Forbidden } from '../platform/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The API's JSON answers; its documentation viewer is a page like the others. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}
/** Called by the payment provider's servers, authenticated by signature instead of by origin. */
const STRIPE_WEBHOOK = '/api/payments/stripe/webhook';

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const https = app.config.PUBLIC_URL.startsWith('https://');
  const stripe = Boolean(app.config.STRIPE_SECRET_KEY);
  const s3 = app.config.S3_PUBLIC_URL ? [new URL(app.config.S3_PUBLIC_URL).origin] : [];
  const pageHeaders = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https://accounts.google.com'],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...s3, ...(stripe ? ['https://*.stripe.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
      },
    },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // A JSON answer is no document: nothing in it runs, frames or refers, so of these headers only the
  // ones that stop another site's page from reading it (as a script or image it sniffs) protect it.
  const apiHeaders = {
    'x-content-type-options': pageHeaders['x-content-type-options']!,
    'cross-origin-resource-policy': pageHeaders['cross-origin-resource-policy']!,
    ...(pageHeaders['strict-transport-security']
      ? { 'strict-transport-security': pageHeaders['strict-transport-security'] }
      : {}),
  };

  const origins = new Set(allowedOrigins(app.config));
  // One hook, not awaited: it runs on every request, and a promise per hook is most of what it costs.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    if (SAFE_METHODS.has(request.method)) return done();
    // The matched route, not the address as spelt: only the webhook's own handler is exempt.
    if (request.method === 'POST' && request.routeOptions.url === STRIPE_WEBHOOK) return done();
    const origin = request.headers.origin;
    if (!origin || !origins.has(origin)) {
      return done(new Forbidden(errorMessages.badOrigin, 'BAD_ORIGIN'));
    }
    done();
  });
}

/** The headers helmet sets with these options, as it sets them on an answer. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, answer as unknown as ServerResponse, () => {});
  return headers;
}

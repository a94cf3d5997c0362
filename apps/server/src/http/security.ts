/**
 * Security headers and the same-origin rule for every state-changing request.
 * The CSP has no upgrade-insecure-requests and HSTS is sent only over https, so the product also works
 * over plain HTTP on a LAN address.
 */
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@furniture-mart/shared';
import helmet from '@fastify/helmet';
import { allowedOrigins } from '../config.js';
import { Forbidden } from '../platform/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Called by the payment provider's servers, authenticated by signature instead of by origin. */
const STRIPE_WEBHOOK = '/api/payments/stripe/webhook';

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const https = app.config.PUBLIC_URL.startsWith('https://');
  const stripe = Boolean(app.config.STRIPE_SECRET_KEY);
  const s3 = app.config.S3_PUBLIC_URL ? [new URL(app.config.S3_PUBLIC_URL).origin] : [];
  await app.register(helmet, {
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

  const origins = new Set(allowedOrigins(app.config));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The matched route, not the address as spelt: only the webhook's own handler is exempt.
    if (request.method === 'POST' && request.routeOptions.url === STRIPE_WEBHOOK) return;
    const origin = request.headers.origin;
    if (!origin || !origins.has(origin)) {
      throw new Forbidden(errorMessages.badOrigin, 'BAD_ORIGIN');
    }
  });
}

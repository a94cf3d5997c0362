/**
 * POST /api/payments/stripe/webhook. Stripe signs the exact bytes it sends, so this plugin (and only
 * this plugin: Fastify scopes content-type parsers to the plugin that adds them) keeps JSON bodies as
 * the raw buffer. The same-origin rule does not apply here; the signature authenticates the caller.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentMessages } from '@furniture-mart/shared';
import { BadRequest } from '../../platform/errors.js';

export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/payments/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Stripe events (signed); settles on payment_intent.amount_capturable_updated and payment_intent.succeeded',
        headers: z.looseObject({ 'stripe-signature': z.string().max(2000).optional() }),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new BadRequest(paymentMessages.sendEventAsJson);
      return app.services.payments.handleWebhook(
        request.body,
        request.headers['stripe-signature'],
        request.log,
      );
    },
  );
}

/**
 * Checkout and payment confirmation for a booking's buyer, and the Stripe webhook (its own plugin, so
 * its raw-body parser stays inside it).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../auth/allow.js';
import { z } from 'zod';
import { idParams, parseExpiry, sandboxCardForm } from '@furniture-mart/shared';
import { PaymentProviderFailed } from '../../payments/errors.js';
import type { CardInput } from '../../payments/provider.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';

/** Anything a client sends here (an amount, a currency, a product id) is ignored: the server decides. */
const noInput = z.object({}).optional();

const checkoutSchema = z.object({
  bookingId: z.uuid(),
  amountCents: z.number().int(),
  currency: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  clientSecret: z.string().nullable(),
  holdExpiresAt: z.string(),
});

const paymentResultSchema = z.object({
  status: z.literal('paid'),
  transactionId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
});

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const ownCardForm = Boolean(app.services.paymentProvider.authorizeCard);

  // A provider refusing one of our requests is our problem to fix, not the buyer's: keep the detail.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof PaymentProviderFailed)
      request.log.error({ detail: error.detail }, 'payment provider refused a request');
  });

  // Who may pay is settled before the input is looked at: 401/403 come before any 400.
  const buyersOnly = allow(['buyer']);

  route.post(
    '/api/bookings/:id/checkout',
    {
      ...buyersOnly,
      schema: {
        tags: ['payments'],
        summary:
          "Start paying for your booking: holds the product for 15 minutes and answers the amount and the provider's intent",
        params: idParams,
        body: noInput,
        response: { 200: checkoutSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer']);
      return app.services.payments.checkout(viewer, request.params.id);
    },
  );

  if (ownCardForm) {
    route.post(
      '/api/bookings/:id/checkout/confirm',
      {
        ...buyersOnly,
        schema: {
          tags: ['payments'],
          summary: 'Pay for your booking with a card (sandbox test cards); settles the sale exactly once',
          params: idParams,
          body: sandboxCardForm,
          response: { 200: paymentResultSchema },
        },
      },
      async (request) => {
        const viewer = await request.requireViewer(['buyer']);
        return app.services.payments.confirm(
          viewer,
          request.params.id,
          toCardInput(request.body),
          request.log,
        );
      },
    );
  } else {
    route.post(
      '/api/bookings/:id/checkout/confirm',
      {
        ...buyersOnly,
        schema: {
          tags: ['payments'],
          summary: 'After the card was confirmed in Stripe Elements: settle the sale exactly once',
          params: idParams,
          body: noInput,
          response: { 200: paymentResultSchema },
        },
      },
      async (request) => {
        const viewer = await request.requireViewer(['buyer']);
        return app.services.payments.confirm(viewer, request.params.id, null, request.log);
      },
    );
  }

  await app.register(stripeWebhookRoutes);
}

function toCardInput(card: z.output<typeof sandboxCardForm>): CardInput {
  const expiry = parseExpiry(card.expiry)!;
  return {
    number: card.cardNumber,
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: card.cvc,
    name: card.name,
  };
}

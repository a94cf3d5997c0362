/**
 * Checkout and payment confirmation for a booking's buyer, and the Stripe webhook (its own plugin, so
 * its raw-body parser stays inside it).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../platform/auth/allow.js';
import {
  checkoutBody,
  checkoutSchema,
  idParams,
  noInput,
  paymentResultSchema,
  sandboxCardBody,
} from '@furniture-mart/shared';
import { PaymentProviderFailed } from '../../platform/card-providers/errors.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';
import { walletRoutes } from './wallet.routes.js';

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const ownCardForm = Boolean(app.services.cardProvider.authorizeCard);

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
          "Start paying for your booking the way you choose (card, wallet, or cash where the listing takes it): a card or wallet holds the product for 15 minutes and answers the provider's intent or the wallet's page; cash reserves it for CASH_HOLD_HOURS and answers the handoff code",
        params: idParams,
        body: checkoutBody,
        response: { 200: checkoutSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(['buyer']);
      return app.services.payments.checkout(viewer, request.params.id, request.body?.method ?? 'card');
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
          body: sandboxCardBody,
          response: { 200: paymentResultSchema },
        },
      },
      async (request) => {
        const viewer = await request.requireViewer(['buyer']);
        return app.services.payments.confirm(viewer, request.params.id, request.body, request.log);
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
  await app.register(walletRoutes);
}
